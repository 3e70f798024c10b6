import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { constraintRegistered } from '../../../streams/aggregates/events';
import { selectConstraintCounts, selectFieldAggregate } from '../../../streams/aggregates/selectors';
import { fetchRequested, registrationRequested, rowRefreshed } from '../../../streams/cursors/events';
import { selectCursorRows } from '../../../streams/cursors/selectors';
import { updated } from '../../../streams/entities/events';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { listAnswer, searchServer } from './fixtures';
import { listEpics } from './helpers';

const rows = [
  { id: 1, $uuid: 'u1', name: 'one', author: 'Ann' },
  { id: 2, $uuid: 'u2', name: 'two', author: 'Ann' },
];
const authors = [{ count: 2, data: { id: 'Ann', name: 'Ann' } }];

describe('an entity read after a write, folded into the lists holding it (issue 26, protocol §12.1)', () => {
  it('replaces the row the list shows and moves its inline count, without asking the list again', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    const http = fakeHttp(
      searchServer((request) => {
        const answer = listAnswer(request, { data: rows });
        const data = answer.data as { response: Record<string, unknown> };
        return of({
          ...answer,
          data: { ...data, response: { ...data.response, aggregates: { author: authors } } },
        });
      }),
    );
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', {
        a: registrationRequested({
          name: 'search',
          path: 'dam/data/asset',
          withAggregates: true,
          aggregatesFields: ['author'],
        }),
      }).subscribe(store.dispatch);
      hot('5ms a', { a: fetchRequested({ name: 'search' }) }).subscribe(store.dispatch);
      // the entity as its fetch answers it: more members than the list row holds
      hot('500ms a', {
        a: updated({
          path: 'dam/data/asset',
          id: 2,
          data: { id: 2, $uuid: 'u2', name: 'two', author: 'Bea', description: 'long' },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    const lists = http.requests.filter((request) => request.path === '/rest/dam/data/asset');
    expect(lists).toHaveLength(1);
    expect(selectCursorRows(state!, 'search')).toEqual([rows[0], { ...rows[1], author: 'Bea' }]);
    expect(selectFieldAggregate(state!, 'search', 'author')).toEqual([
      { count: 1, data: { id: 'Ann', name: 'Ann' } },
      { count: 1, data: { id: 'Bea', name: 'Bea' } },
    ]);
  });

  it("moves the facet's counts from the values the row lost to those it gained (protocol §9.1)", () => {
    const state = fold([
      constraintRegistered({ cursor: 'search', key: 'author', field: 'author', operator: 'in' }),
      rowRefreshed({
        name: 'search',
        key: 'u2',
        row: { id: 2, author: 'Bea' },
        changes: { author: { removed: [{ id: 'Ann', name: 'Ann' }], added: [{ id: 'Bea', name: 'Bea' }] } },
      }),
    ]);
    expect(selectConstraintCounts(state, 'search', 'author')).toEqual({
      Bea: { count: 1, total: 1, name: 'Bea' },
    });
  });
});
