import { BehaviorSubject } from 'rxjs';
import type { EventLogFile, ImportResult } from '../../streams/recorder/log-file';
import { createTimeline, type Timeline } from '../../streams/recorder/timeline';
import type { Reducer, Store } from '../../streams/core/store';
import { initialRootState, type RootState } from '../../streams/root';

/** A log the user imported in the devtools, with its verdict. */
export type ImportedLog = ImportResult & { fileName: string };

interface Travel {
  log: EventLogFile;
  timeline: Timeline<RootState>;
  /** how many of the log's events are folded into the state shown (0 = the log's base) */
  position: number;
}

interface DevtoolsSession {
  imported: ImportedLog | null;
  travel: Travel | null;
}

/**
 * What the devtools keep while the portal shows a replayed state: the devtools screen itself may
 * not be on screen then (the replayed route is), so this lives outside any component.
 */
export const devtoolsSession$ = new BehaviorSubject<DevtoolsSession>({ imported: null, travel: null });

export function setImported(imported: ImportedLog | null): void {
  devtoolsSession$.next({ ...devtoolsSession$.value, imported });
}

/** Shows the state after the whole log; the portal becomes read-only. */
export function startTravel(store: Store<RootState>, reducer: Reducer<RootState>, log: EventLogFile): void {
  const timeline = createTimeline(log, reducer, initialRootState);
  jumpTo(store, { log, timeline, position: log.events.length }, log.events.length);
}

/** Folds from the nearest cached state; the epics never see it. */
export function jumpTo(store: Store<RootState>, travel: Travel, position: number): void {
  const clamped = Math.max(0, Math.min(position, travel.log.events.length));
  store.travel(travel.timeline.stateAfter(clamped));
  devtoolsSession$.next({ ...devtoolsSession$.value, travel: { ...travel, position: clamped } });
}

export function stopTravel(store: Store<RootState>): void {
  store.travel(null);
  devtoolsSession$.next({ ...devtoolsSession$.value, travel: null });
}
