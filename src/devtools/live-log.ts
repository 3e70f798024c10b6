import { useEffect, useRef, useState } from 'react';
import { asyncScheduler, throttleTime } from 'rxjs';
import type { Store } from '../../streams/core/store';
import type { EventLogFile } from '../../streams/recorder/log-file';
import type { Recorder } from '../../streams/recorder/recorder';
import type { RootState } from '../../streams/root';

/** The list redraws at most this often while events pour in. */
const REFRESH_MS = 250;
/** Before/after states kept for the diffs of the newest events. */
const KEPT_DIFFS = 2000;

export interface StatePair {
  before: RootState;
  after: RootState;
}

/** The recorder's redacted log, read again as new events come (once the recorder's code is in). */
export function useLiveLog(store: Store<RootState>, recorder: Promise<Recorder<RootState>> | undefined) {
  const [log, setLog] = useState<EventLogFile | null>(null);
  useEffect(() => {
    if (!recorder) return;
    let subscription: { unsubscribe(): void } | undefined;
    let left = false;
    void recorder.then((loaded) => {
      if (left) return;
      setLog(loaded.export());
      subscription = store.event$
        .pipe(throttleTime(REFRESH_MS, asyncScheduler, { leading: true, trailing: true }))
        .subscribe(() => setLog(loaded.export()));
    });
    return () => {
      left = true;
      subscription?.unsubscribe();
    };
  }, [store, recorder]);
  return log;
}

/**
 * The states around each event while the devtools are open (only then: the store calls no
 * inspector otherwise), by seq. States share structure, so keeping them costs little.
 */
export function useStatePairs(store: Store<RootState>): Map<number, StatePair> {
  const pairs = useRef(new Map<number, StatePair>());
  useEffect(
    () =>
      store.inspect((event, before, after) => {
        const kept = pairs.current;
        kept.set(event.meta.seq, { before, after });
        if (kept.size > KEPT_DIFFS) kept.delete(kept.keys().next().value!);
      }),
    [store],
  );
  return pairs.current;
}
