import type { Deps } from '../../streams/core/deps';
import type { Epic } from '../../streams/core/epic';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { liveInputs } from '../../streams/core/recorded-inputs';
import type { EventLogFile } from '../../streams/recorder/log-file';
import { type ResimulationResult, resimulate } from '../../streams/recorder/resimulate';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from './all-domains';
import { epicStore } from './marbles';

/**
 * Runs `epic` on `deps` with its inputs recorded as the live portal records them, dispatches
 * `intents`, then re-simulates the log with fresh ports: what the epic read outside (storage,
 * vault, files) must come back from the log.
 */
export function recordedRun(
  deps: Deps,
  epic: Epic<RootState>,
  intents: readonly UnstampedEvent[],
): { events: AnyEvent[]; resimulation: ResimulationResult } {
  const store = epicStore(deps, epic, initialRootState, liveInputs(deps.scheduler));
  const events: AnyEvent[] = [];
  store.event$.subscribe((event) => events.push(event));
  for (const intent of intents) store.dispatch(intent);
  store.destroy();
  return {
    events,
    resimulation: resimulate(logOf(events), {
      reducer: rootReducer,
      rootEpic: epic,
      initialState: initialRootState,
    }),
  };
}

/** Events a test's store recorded, as a log file whose fold starts at the store's initial state. */
export function logOf(events: AnyEvent[]): EventLogFile {
  return {
    format: 'dam-portal.eventlog',
    version: 1,
    app: { version: 'test', commit: 'test', eventSchemaHash: 'test' },
    session: { startedAt: 0, locale: 'en', seed: null },
    snapshot: null,
    events,
  };
}
