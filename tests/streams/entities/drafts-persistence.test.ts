import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { MemoryStorage } from '../../../streams/core/memory-storage';
import { domainStarted } from '../../../streams/core/system-events';
import { draftChanged, draftsRestored } from '../../../streams/entities/events';
import {
  persistDrafts,
  readDrafts,
  restoreDraftsOnStart,
  storedDrafts,
} from '../../../streams/entities/persistence-epics';
import { selectDraft } from '../../../streams/entities/selectors';
import type { RootState } from '../../../streams/root';
import { combineEpics } from '../../../streams/core/epic';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { recordedRun } from '../../helpers/recorded-run';
import { testDeps } from '../../helpers/test-deps';

const path = 'dam/data/asset';
const record = { path, id: 12, changes: { title: 'Kept' }, since: 1000 };

describe('drafts across a reload (issue 14)', () => {
  it('reads the stored records, dropping what cannot be read', () => {
    const storage = new MemoryStorage();
    const deps = { storage, config };
    expect(readDrafts(deps)).toEqual([]);
    storage.setItem(config.draftStorageKey, 'not json');
    expect(readDrafts(deps)).toEqual([]);
    storage.setItem(config.draftStorageKey, JSON.stringify([record, { path }, 3]));
    expect(readDrafts(deps)).toEqual([record]);
  });

  it('stores no file (it cannot be kept) and no draft that held only files', () => {
    const file = new Blob(['x']);
    expect(
      storedDrafts({
        a: { path, id: 1, changes: { binary: file, title: 'T' }, since: 1 },
        b: { path, id: 2, changes: { binary: file }, since: 2 },
      }),
    ).toEqual([{ path, id: 1, changes: { title: 'T' }, since: 1 }]);
  });

  it('entities started after the portal restore the drafts at their start, then keep writing them', () => {
    const scheduler = marbleScheduler();
    const deps = testDeps({ scheduler });
    deps.storage.setItem(config.draftStorageKey, JSON.stringify([record]));
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(deps, combineEpics<RootState>({ restoreDraftsOnStart, persistDrafts }));
      hot('a-b', {
        a: domainStarted({ name: 'entities' }),
        b: draftChanged({ path, id: 13, changes: { name: 'N' }, at: 5 }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(state && selectDraft(state, path, 12)).toEqual({ changes: { title: 'Kept' }, since: 1000 });
    expect(JSON.parse(deps.storage.getItem(config.draftStorageKey) ?? '[]')).toEqual([
      record,
      { path, id: 13, changes: { name: 'N' }, since: 5 },
    ]);
  });

  it('a re-simulation reads the restored drafts back from the log, not from a storage of its own', () => {
    const deps = testDeps();
    deps.storage.setItem(config.draftStorageKey, JSON.stringify([record]));
    const { events, resimulation } = recordedRun(
      deps,
      combineEpics<RootState>({ restoreDraftsOnStart, persistDrafts }),
      [domainStarted({ name: 'entities' })],
    );
    expect(events.find(draftsRestored.match)?.payload.drafts).toEqual([record]);
    expect(resimulation.divergence).toBeNull();
    expect(resimulation.matched).toBe(events.length);
  });
});
