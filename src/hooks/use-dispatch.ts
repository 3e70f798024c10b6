import type { UnstampedEvent } from '../../streams/core/event';
import { usePortal } from '../app/store-context';

export function useDispatch(): (event: UnstampedEvent) => void {
  return usePortal().store.dispatch;
}
