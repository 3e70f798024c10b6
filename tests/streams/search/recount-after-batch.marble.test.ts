import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { constraintRegistered, idsWanted } from '../../../streams/aggregates/events';
import { loadCursorAggregates, scheduleCursorAggregates } from '../../../streams/aggregates/epics';
import { actionFinished, batchCreated, batchFinished } from '../../../streams/batches/events';
import { config } from '../../../streams/core/config';
import { combineEpics } from '../../../streams/core/epic';
import { registrationRequested } from '../../../streams/cursors/events';
import type { RootState } from '../../../streams/root';
import { recountAfterBatch } from '../../../streams/search/epics';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const epics = combineEpics<RootState>({ recountAfterBatch, scheduleCursorAggregates, loadCursorAggregates });

/** The search list counting its authors, and a batch of one update on `path`, finished and done. */
function afterOneUpdate(path: string): RootState {
  return fold([
    registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
    constraintRegistered({ cursor: SEARCH_CURSOR, key: 'author', field: 'author', operator: 'in' }),
    idsWanted({ cursor: SEARCH_CURSOR, key: 'author', ids: ['Ann', 'Bea'] }),
    batchCreated({
      id: 'b1',
      label: 'Edit metadata of the selection',
      actions: [{ kind: 'update', path, id: 2, values: { author: 'Bea' } }],
      progressCap: config.batchActionProgressCap,
    }),
    actionFinished({ batchId: 'b1', index: 0, status: 'done', entityId: '2' }),
  ]);
}

/** When each `/aggs` left, in virtual ms after the batch finished. */
function aggsAfterBatch(path: string): number[] {
  const scheduler = marbleScheduler();
  const sentAt: number[] = [];
  const http = fakeHttp((asked) => {
    if (asked.path.endsWith('/aggs')) sentAt.push(scheduler.now());
    return NEVER;
  });
  scheduler.run(({ hot }) => {
    const store = epicStore(testDeps({ scheduler, http }), epics, afterOneUpdate(path));
    hot('a', { a: batchFinished({ id: 'b1', status: 'done' }) }).subscribe(store.dispatch);
  });
  return sentAt;
}

describe('facet counts after a batch of writes (issue 26)', () => {
  it(`asks the counts once, ${config.aggregateDebounceMs} ms after a batch that wrote assets of the search list`, () => {
    expect(aggsAfterBatch(SEARCH_PATH)).toEqual([config.aggregateDebounceMs]);
  });

  it('asks nothing after a batch that wrote elsewhere', () => {
    expect(aggsAfterBatch('dam/data/product')).toEqual([]);
  });
});
