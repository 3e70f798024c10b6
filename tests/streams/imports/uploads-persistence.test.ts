import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { config } from '../../../streams/core/config';
import type { AnyEvent } from '../../../streams/core/event';
import { domainEpics } from '../../../streams/core/epic';
import { importsDomain } from '../../../streams/imports/domain';
import { filesAdded } from '../../../streams/imports/events';
import { selectUploadsToResume } from '../../../streams/imports/selectors';
import type { RootState } from '../../../streams/root';
import { appStarted } from '../../helpers/app-started';
import { epicStore } from '../../helpers/marbles';
import { recordedRun } from '../../helpers/recorded-run';
import { testDeps } from '../../helpers/test-deps';

const KEY = config.pendingUploadStorageKey;

describe('upload queue across a reload (issue 15)', () => {
  it('stores the files not sent yet and lists them after a reload, to choose again', () => {
    const before = testDeps();
    const store = epicStore(before, domainEpics<RootState>(importsDomain));
    // the fake server never answers: the file stays on its way
    before.files.set('1_1', new Blob(['0123456789']));
    store.dispatch(filesAdded({ jobId: '5', files: [{ id: '1_1', name: 'a.jpg', size: 10 }] }));
    const stored = JSON.parse(before.storage.getItem(KEY) ?? '[]');
    expect(stored).toEqual([{ id: '1_1', jobId: '5', name: 'a.jpg', size: 10 }]);

    const after = testDeps();
    after.storage.setItem(KEY, JSON.stringify(stored));
    const reloaded = epicStore(after, domainEpics<RootState>(importsDomain));
    const events: AnyEvent[] = [];
    reloaded.event$.subscribe((event) => events.push(event));
    reloaded.dispatch(appStarted());
    expect(selectUploadsToResume(reloaded.getState(), '5')).toEqual([
      { id: '1_1', jobId: '5', name: 'a.jpg', size: 10 },
    ]);
    // still stored until chosen again or dismissed: never lost silently
    expect(JSON.parse(after.storage.getItem(KEY) ?? '[]')).toHaveLength(1);
    expect(events.length).toBeGreaterThan(0);
    // a re-simulation reads the stored files back from its log
    const replayed = testDeps();
    replayed.storage.setItem(KEY, JSON.stringify(stored));
    const { events: recorded, resimulation } = recordedRun(replayed, domainEpics<RootState>(importsDomain), [
      appStarted(),
    ]);
    expect(recorded.some((event) => event.type === 'imports/uploadsRestored')).toBe(true);
    expect(resimulation.divergence).toBeNull();
  });

  it('an unreadable record is dropped, never fatal', () => {
    const deps = testDeps();
    deps.storage.setItem(KEY, '{not json');
    const store = epicStore(deps, domainEpics<RootState>(importsDomain));
    store.dispatch(appStarted());
    expect(selectUploadsToResume(store.getState())).toEqual([]);
    expect(started.type).toBe('app/started');
  });
});
