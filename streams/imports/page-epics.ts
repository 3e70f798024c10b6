import {
  distinctUntilChanged,
  filter,
  map,
  mergeMap,
  type Observable,
  skip,
  startWith,
  switchMap,
  takeUntil,
} from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import {
  analyzingCountRequested,
  itemsFetchRequested,
  itemsSearchRequested,
  itemsShown,
  jobUnwatched,
  jobWatched,
  statusCountsRequested,
} from './events';
import { selectImportJob, selectItemsToFetch, selectUploadsUnsent, type WithImports } from './selectors';

/** What an open job page keeps going while the view only says what it shows (issue 23). */
type ImportsEpic = Epic<WithImports>;

const closed = (event$: Observable<AnyEvent>, jobId: string) =>
  event$.pipe(filter((event) => jobUnwatched.match(event) && event.payload.jobId === jobId));

const sameIds = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * The items on screen that the search gave by id only are fetched, `jobItemsAdvisedPerFetch` at a
 * time (protocol §15.2: at most 200, 50 preferred): when the grid shows others, and when a search
 * or a change leaves some of those shown known by id only. The same ids are not asked twice in a row.
 */
export const fetchShownItems: ImportsEpic = (event$, state$, { config }) =>
  event$.pipe(
    ofType(itemsShown),
    switchMap((shown) => {
      const { jobId, first, last } = shown.payload;
      return event$.pipe(
        startWith(shown),
        map(() => selectItemsToFetch(state$.value, jobId, first, last)),
        distinctUntilChanged(sameIds),
        takeUntil(closed(event$, jobId)),
        mergeMap((missing) => {
          const chunks: string[][] = [];
          for (let start = 0; start < missing.length; start += config.jobItemsAdvisedPerFetch) {
            chunks.push(missing.slice(start, start + config.jobItemsAdvisedPerFetch));
          }
          return chunks.map((ids) => itemsFetchRequested({ jobId, ids }, shown));
        }),
      );
    }),
  );

/**
 * When the upload queue of an open job empties, the items the uploads made are searched again
 * (with the search's text and order), and the job's counts by status and of analysing items asked.
 */
export const searchWhenUploadsDone: ImportsEpic = (event$, state$) =>
  event$.pipe(
    ofType(jobWatched),
    mergeMap((watched) => {
      const { jobId } = watched.payload;
      return event$.pipe(
        startWith(watched),
        map(() => selectUploadsUnsent(state$.value, jobId) > 0),
        distinctUntilChanged(),
        skip(1),
        filter((sending) => !sending),
        takeUntil(closed(event$, jobId)),
        mergeMap(() => {
          const search = selectImportJob(state$.value, jobId)?.search;
          return [
            itemsSearchRequested(
              { jobId, fulltext: search?.fulltext || undefined, orderby: search?.orderby || undefined },
              watched,
            ),
            statusCountsRequested({ jobId }, watched),
            analyzingCountRequested({ jobId }, watched),
          ];
        }),
      );
    }),
  );
