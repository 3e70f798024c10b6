import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { usePortal } from '../app/store-context';

/** Dispatches an intent; returns it stamped (its `meta.id` keys the request it starts), or null when dropped. */
export function useDispatch(): (event: UnstampedEvent) => AnyEvent | null {
  return usePortal().store.dispatch;
}
