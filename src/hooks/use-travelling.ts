import { usePortal } from '../app/store-context';
import { useCurrentValue } from './use-current-value';

/** True while the portal shows a travelled-to state from the devtools: intents are dropped. */
export function useTravelling(): boolean {
  return useCurrentValue(usePortal().store.travelling$);
}
