import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import { savedSearchesDomain } from '../../../streams/saved-searches/domain';
import { listLoaded, listRequested, renameRequested } from '../../../streams/saved-searches/events';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { savedSearch } from './fixtures';

const epics = domainEpics(savedSearchesDomain);
const loaded = () => fold([listLoaded({ searches: [savedSearch('1'), savedSearch('2')] })]);

describe('savedSearches.epic (seed 001 §4, §8)', () => {
  it('ignores an operation on a search while it is fetching; another search is not held up', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('---a|', { a: { status: 200, data: undefined } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics, loaded());
      hot('a-b-c', {
        a: renameRequested({ id: '1', name: 'A' }),
        b: renameRequested({ id: '1', name: 'B' }),
        c: renameRequested({ id: '2', name: 'C' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'savedSearches/renamed')).toBe('---a---a', {
        a: 'savedSearches/renamed',
      });
    });
    expect(http.requests.map((request) => request.body)).toEqual([
      { json: { name: 'A' } },
      { json: { name: 'C' } },
    ]);
  });

  it("a failed list load gives error with 'Failed to retrieve searches'; a newer load replaces an older one", () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let notice: unknown;
    scheduler.run(({ hot, cold, expectObservable }) => {
      let calls = 0;
      http.request = ((request) => {
        http.requests.push(request);
        calls += 1;
        return calls === 1
          ? cold('----a|', { a: { status: 200, data: [] } })
          : cold('-#', {}, new AppError({ code: 'error.http.500', message: 'down', status: 500 }));
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a-b', { a: listRequested({}), b: listRequested({}) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'savedSearches/list')).toBe('a-bc', {
        a: 'savedSearches/listRequested',
        b: 'savedSearches/listRequested',
        c: 'savedSearches/listFailed',
      });
      scheduler.schedule(() => {
        notice = store.getState().savedSearches.notice;
      }, 10);
    });
    expect(notice).toMatchObject({
      operation: 'list',
      message: 'Failed to retrieve searches',
      detail: 'down',
    });
    // the error itself travels too: the page says what its code means (issue 12 item 12)
    expect((notice as { error?: { message: string } }).error?.message).toBe('down');
  });
});
