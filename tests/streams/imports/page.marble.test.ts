import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import {
  filesAdded,
  itemsFetched,
  itemsPageLoaded,
  itemsSearchRequested,
  itemsShown,
  jobUnwatched,
  jobWatched,
  uploadLoaded,
  uploadResolving,
  uploadStarted,
} from '../../../streams/imports/events';
import { fetchShownItems, searchWhenUploadsDone } from '../../../streams/imports/page-epics';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

/** The page's two epics alone: what they ask is the test, not the requests the asks make. */
function pageStore(scheduler: TestScheduler, from: RootState) {
  const epics = domainEpics<RootState>({
    name: 'imports',
    epics: { fetchShownItems, searchWhenUploadsDone },
  });
  return epicStore(testDeps({ scheduler }), epics, from);
}

/** A search that gave `count` items by id and status only, as the job page's first search does. */
function searchedAgain(count: number) {
  const items = Array.from({ length: count }, (_, index) => ({ id: index + 1, job: 5, $status: 4 }));
  return itemsPageLoaded({ jobId: '5', reset: true, more: false, items });
}

const CHUNK = config.jobItemsAdvisedPerFetch;

/** One file of job 5 on its way. */
const sendingOne = [
  filesAdded({ jobId: '5', files: [{ id: 'f1', name: 'a.jpg', size: 10 }] }),
  uploadResolving({ id: 'f1', limit: config.uploadConcurrencyDefault }),
  uploadStarted({ id: 'f1' }),
];

describe('the open job page (issue 23: the workflow of the page in epics)', () => {
  it('fetches the items shown that the search gave by id only, jobItemsAdvisedPerFetch at a time, once', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const store = pageStore(
        scheduler,
        fold([itemsSearchRequested({ jobId: '5' }), searchedAgain(3 * CHUNK)]),
      );
      const asked: string[][] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'imports/itemsFetchRequested')
          asked.push((event.payload as { ids: string[] }).ids);
      });
      const ids = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
      hot('a 9ms b 9ms c 9ms d', {
        a: itemsShown({ jobId: '5', first: 0, last: CHUNK + 9 }),
        // the same range again: nothing new to ask
        b: itemsShown({ jobId: '5', first: 0, last: CHUNK + 9 }),
        c: itemsFetched({
          jobId: '5',
          ids: ids(1, CHUNK + 10),
          items: ids(1, CHUNK + 10).map((id) => ({ id: Number(id), name: `${id}.jpg` })),
        }),
        // a new search gives the items by id only again: those shown are fetched again
        d: searchedAgain(3 * CHUNK),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const once = [ids(1, CHUNK), ids(CHUNK + 1, CHUNK + 10)];
        expect(asked).toEqual([...once, ...once]);
      }, 40);
    });
  });

  it('searches the items again, with their counts, when the upload queue of a watched job empties', () => {
    const scheduler = marbleScheduler();
    const sending = fold(
      sendingOne,
      fold([itemsSearchRequested({ jobId: '5', fulltext: 'sea', orderby: 'name asc' })]),
    );
    scheduler.run(({ hot }) => {
      const store = pageStore(scheduler, sending);
      const seen: { type: string; at: number; payload: unknown }[] = [];
      const watched = new Set([
        'imports/itemsSearchRequested',
        'imports/statusCountsRequested',
        'imports/analyzingCountRequested',
      ]);
      store.event$.subscribe((event) => {
        if (watched.has(event.type))
          seen.push({ type: event.type, at: scheduler.now(), payload: event.payload });
      });
      hot('a 9ms b', {
        a: jobWatched({ jobId: '5' }),
        b: uploadLoaded({ id: 'f1', jobId: '5', item: { id: 77 } }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(seen).toEqual([
          {
            type: 'imports/itemsSearchRequested',
            at: 10,
            payload: { jobId: '5', fulltext: 'sea', orderby: 'name asc' },
          },
          { type: 'imports/statusCountsRequested', at: 10, payload: { jobId: '5' } },
          { type: 'imports/analyzingCountRequested', at: 10, payload: { jobId: '5' } },
        ]);
      }, 20);
    });
  });

  it('does not search again once the page is closed', () => {
    const scheduler = marbleScheduler();
    const sending = fold(sendingOne);
    scheduler.run(({ hot }) => {
      const store = pageStore(scheduler, sending);
      const searches: number[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'imports/itemsSearchRequested') searches.push(scheduler.now());
      });
      hot('a 4ms b 4ms c', {
        a: jobWatched({ jobId: '5' }),
        b: jobUnwatched({ jobId: '5' }),
        c: uploadLoaded({ id: 'f1', jobId: '5', item: { id: 77 } }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => expect(searches).toEqual([]), 20);
    });
  });
});
