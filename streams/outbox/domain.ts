import { defineDomain } from '../core/domain';
import {
  backOff,
  foldTheirs,
  keepFailedWrites,
  restoreKept,
  sendKept,
  storeKept,
  watchConnectivity,
} from './epics';
import { outboxReducer } from './reducer';
import { initialOutboxState } from './state';

/**
 * The outbox (issue 25): a user's writes that could not reach the server, kept in order in
 * durable storage as the intents that asked for them, and sent again when the network is back.
 * Each domain declares its writes in its own `outbox.ts`.
 */
export const outboxDomain = defineDomain({
  name: 'outbox',
  initialState: initialOutboxState,
  reducer: outboxReducer,
  epics: { watchConnectivity, restoreKept, storeKept, keepFailedWrites, sendKept, foldTheirs, backOff },
});
