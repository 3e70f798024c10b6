import { useObservableEagerState } from 'observable-hooks';
import { usePortal } from '../app/store-context';

/** True while the portal shows a travelled-to state from the devtools: intents are dropped. */
export function useTravelling(): boolean {
  return useObservableEagerState(usePortal().store.travelling$);
}
