import {
  catchError,
  EMPTY,
  filter,
  first,
  ignoreElements,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  switchMap,
  take,
  tap,
} from 'rxjs';
import { started } from '../app/events';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { domainStarted } from '../core/system-events';
import { pageLoaded } from '../cursors/events';
import { selectLocation } from '../router/selectors';
import { SEARCH_CURSOR } from '../search/selectors';
import { signedOut, whoAmILoaded } from '../session/events';
import { anotherUserKnown, selectIsWatermarked, selectMe } from '../session/selectors';
import { type CachedRecord, cachedRecordSchema, readFailed, restored } from './events';
import type { CacheRoot } from './state';
import { surferKey, VISITOR } from './model';

type Root = CacheRoot & Parameters<typeof selectMe>[0] & Parameters<typeof selectLocation>[0];

/** Where a surfer's record is kept: one per user, never read for another. */
export const recordKey = (surfer: string): string => `cache:${surfer}`;

/**
 * Whose record to show at the start of a visit: the surfer who-am-I named, else the user whose
 * refresh token is stored (the next sign-in is theirs), else the visitor. Read even where no
 * durable storage is (a re-simulation), so the log's reads come in the same order.
 */
function startingSurfer(state: Root, { storage, config }: Deps): string | null {
  const known = surferKey(selectMe(state));
  if (known !== null) return known;
  if (storage.getItem(config.refreshTokenStorageKey) === null) return VISITOR;
  return storage.getItem(config.cacheSurferStorageKey);
}

/** A surfer's record read back: an outside input; a record that no longer fits is an empty one. */
function readRecord({ durable }: Deps, surfer: string): Observable<UnstampedEvent> {
  if (!durable) return EMPTY;
  return durable.read(recordKey(surfer)).pipe(
    take(1),
    map((value) => {
      const parsed = cachedRecordSchema.safeParse(value ?? {});
      return restored({ surfer, record: parsed.success ? parsed.data : {} });
    }),
    catchError((error: unknown) => of(readFailed({ surfer, error: serializeError(error) }))),
  );
}

/**
 * What the last visit saw is read once the domain runs (a repeat visit paints it before any
 * request answers), and again for the next surfer when another one signs in.
 */
export const readCache: Epic<Root> = (event$, state$, deps) => {
  const start$ = merge(event$.pipe(ofType(started)), event$.pipe(ofType(domainStarted))).pipe(
    filter((event) => !domainStarted.match(event) || event.payload.name === 'cache'),
    take(1),
    map(() => startingSurfer(state$.value, deps)),
  );
  const next$ = anotherUserKnown(event$.pipe(ofType(whoAmILoaded)), state$).pipe(
    map((event) => surferKey(event.payload.me)),
  );
  return merge(start$, next$).pipe(
    filter((surfer): surfer is string => surfer !== null),
    switchMap((surfer) => readRecord(deps, surfer)),
  );
};

/** The user whose refresh token is stored is remembered for the next visit, and forgotten at sign-out. */
export const rememberSurfer: Epic<Root> = (event$, _state$, { storage, config }) =>
  merge(event$.pipe(ofType(whoAmILoaded)), event$.pipe(ofType(signedOut))).pipe(
    tap((event) => {
      const surfer = whoAmILoaded.match(event) ? surferKey(event.payload.me) : null;
      if (surfer === null || surfer === VISITOR) storage.removeItem(config.cacheSurferStorageKey);
      else storage.setItem(config.cacheSurferStorageKey, surfer);
    }),
    ignoreElements(),
  );

/**
 * The search's first page, once answered on `/search`, is kept for the surfer who-am-I names
 * (waiting for it when the visitor's list came first): nothing is written under a guess.
 */
export const keepSearch: Epic<Root> = (event$, state$, { durable }) =>
  durable
    ? event$.pipe(
        ofType(pageLoaded),
        filter((event) => event.payload.name === SEARCH_CURSOR && event.payload.page === 'first'),
        filter(() => selectLocation(state$.value).path === '/search'),
        // the address the page answered, read when it came (the user may have typed on since)
        map((event) => ({ page: event.payload, query: selectLocation(state$.value).search })),
        switchMap(({ page, query }) =>
          state$.pipe(
            first((state) => surferKey(selectMe(state)) !== null),
            mergeMap((state) => {
              const { rows, resource, total } = page;
              const watermarked = selectIsWatermarked(state);
              const record: CachedRecord = { search: { query, resource, rows, total, watermarked } };
              return durable.write(recordKey(surferKey(selectMe(state))!), record);
            }),
          ),
        ),
        ignoreElements(),
        // storage that cannot be written keeps nothing: the visit goes on
        catchError(() => EMPTY),
      )
    : EMPTY;
