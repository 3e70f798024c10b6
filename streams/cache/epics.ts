import {
  catchError,
  concatMap,
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
import { infosRestored, started } from '../app/events';
import { selectAppInfo } from '../app/selectors';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { domainStarted } from '../core/system-events';
import { cartOpened } from '../carts/content-events';
import { listOpened } from '../carts/events';
import { fetchRequested as searchRequested } from '../cursors/events';
import { fetchRequested as assetRequested } from '../entities/events';
import { connectivityChanged } from '../outbox/connectivity-events';
import { selectLocation } from '../router/selectors';
import { SEARCH_CURSOR, SEARCH_PATH } from '../search/selectors';
import { headersRestored } from '../schemas/events';
import { signedOut, whoAmILoaded } from '../session/events';
import { selectMe, selectSession } from '../session/selectors';
import { anotherUserKnown } from '../session/identity-selectors';
import { type CachedRecord, cachedRecordSchema, readFailed, restored } from './events';
import { surferKey, VISITOR } from './model';
import {
  selectAssetFreshness,
  selectCartFreshness,
  selectCartsFreshness,
  selectSearchFreshness,
} from './selectors';
import { type CacheEpicRoot, keptChanges } from './patches';

type Root = CacheEpicRoot & Parameters<typeof selectSearchFreshness>[0];

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

/** A stored record read back; one that no longer fits is an empty one. */
function parseRecord(value: unknown): CachedRecord {
  const parsed = cachedRecordSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** A surfer's record read back: an outside input. */
function readRecord({ durable }: Deps, surfer: string): Observable<UnstampedEvent> {
  if (!durable) return EMPTY;
  return durable.read(recordKey(surfer)).pipe(
    take(1),
    map((value) => restored({ surfer, record: parseRecord(value) })),
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

/**
 * The kept app infos and schema headers go to the domains that show them (the header, the
 * metadata's labels), when the record read is the surfer's in place.
 */
export const showKept: Epic<Root> = (event$, state$) =>
  event$.pipe(
    ofType(restored),
    filter((event) => state$.value.cache.surfer === event.payload.surfer),
    mergeMap((event) => {
      const { infos, schemas } = event.payload.record;
      const shown: UnstampedEvent[] = [];
      if (infos && selectAppInfo(state$.value).status !== 'resolved')
        shown.push(infosRestored({ infos }, event));
      if (schemas?.length) shown.push(headersRestored({ schemas }, event));
      return of(...shown);
    }),
  );

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
 * What this visit was answered is merged into the surfer's record, one change after the other
 * (each reads the record the one before wrote), once who-am-I names the surfer: nothing is
 * written under a guess.
 */
export const keepRecord: Epic<Root> = (event$, state$, deps) => {
  const { durable } = deps;
  if (!durable) return EMPTY;
  return keptChanges(event$, state$, deps.config).pipe(
    mergeMap((patch) =>
      state$.pipe(
        first((state) => surferKey(selectMe(state)) !== null),
        map((state) => ({ patch, state, key: recordKey(surferKey(selectMe(state))!) })),
      ),
    ),
    concatMap(({ patch, state, key }) =>
      durable.read(key).pipe(
        take(1),
        mergeMap((value) => durable.write(key, patch(parseRecord(value), state))),
        // storage that cannot be written keeps nothing: the visit goes on
        catchError(() => EMPTY),
      ),
    ),
    ignoreElements(),
  );
};

/** The request that brings the screen at `path` up to date, if it shows what the cache kept. */
function revalidation(state: Root, path: string, origin: AnyEvent): UnstampedEvent | null {
  const [, screen, first, second] = path.split('/');
  if (path === '/search')
    return selectSearchFreshness(state) === 'fresh' ? null : searchRequested({ name: SEARCH_CURSOR }, origin);
  if (path === '/carts') return selectCartsFreshness(state) === 'fresh' ? null : listOpened({}, origin);
  if (screen === 'carts' && first) {
    const cartId = decodeURIComponent(first);
    return selectCartFreshness(state, cartId) === 'fresh' ? null : cartOpened({ cartId }, origin);
  }
  if (screen === 'assets' && second) {
    const id = decodeURIComponent(second);
    return selectAssetFreshness(state, id) === 'fresh'
      ? null
      : assetRequested({ path: SEARCH_PATH, id }, origin);
  }
  return null;
}

/**
 * Back online (the browser's recorded `online` event), the screen on view asks again what it
 * showed from the cache: at once when the session is up, else once who-am-I answers again (the
 * session starts over after a start-up that found no network).
 */
export const revalidateOnReconnect: Epic<Root> = (event$, state$) =>
  event$.pipe(
    ofType(connectivityChanged),
    filter((event) => event.payload.online),
    switchMap((event) =>
      selectSession(state$.value).provider.status === 'signed-in'
        ? of(event)
        : event$.pipe(ofType(whoAmILoaded), take(1)),
    ),
    mergeMap((event) => {
      const request = revalidation(state$.value, selectLocation(state$.value).path, event);
      return request ? of(request) : EMPTY;
    }),
  );
