import { filter, map, merge, type Observable } from 'rxjs';
import { infoLoaded } from '../app/events';
import { selectAppInfo, type WithApp } from '../app/selectors';
import { viewLoaded } from '../carts/content-events';
import { listLoaded } from '../carts/events';
import type { Config } from '../core/config';
import type { StateObservable } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { redactDeep } from '../core/secrets';
import { domainStarted } from '../core/system-events';
import { pageLoaded } from '../cursors/events';
import { loaded as entityLoaded } from '../entities/events';
import { selectEntityName, type WithEntities } from '../entities/selectors';
import { selectLocation } from '../router/selectors';
import { headersReceived, resolved } from '../schemas/events';
import type { SchemaBody } from '../schemas/selectors';
import { SEARCH_CURSOR, SEARCH_PATH } from '../search/selectors';
import type { selectMe } from '../session/selectors';
import { selectIsWatermarked } from '../session/identity-selectors';
import type { CachedRecord } from './events';
import type { CacheRoot } from './state';

export type CacheEpicRoot = CacheRoot &
  WithApp &
  WithEntities &
  Parameters<typeof selectMe>[0] &
  Parameters<typeof selectLocation>[0];

/** One change of a surfer's record; `state` is the state once who-am-I named the surfer. */
type Patch = (record: CachedRecord, state: CacheEpicRoot) => CachedRecord;

/** The newest first, one per key, at most `max`. */
function newestFirst<T>(
  kept: readonly T[] | undefined,
  next: T,
  keyOf: (item: T) => string,
  max: number,
): T[] {
  const key = keyOf(next);
  return [next, ...(kept ?? []).filter((item) => keyOf(item) !== key)].slice(0, max);
}

/**
 * The search's first page, once answered on `/search`, with the address it answered (read when
 * it came: the user may have typed on since) and the pictures' variation.
 */
function keptSearch(event$: Observable<AnyEvent>, state$: StateObservable<CacheEpicRoot>): Observable<Patch> {
  return event$.pipe(
    ofType(pageLoaded),
    filter((event) => event.payload.name === SEARCH_CURSOR && event.payload.page === 'first'),
    filter(() => selectLocation(state$.value).path === '/search'),
    map(({ payload: { rows, resource, total } }) => {
      const query = selectLocation(state$.value).search;
      return (record, state) => ({
        ...record,
        search: { query, resource, rows, total, watermarked: selectIsWatermarked(state) },
      });
    }),
  );
}

/** The header's infos, once answered (often before this domain ran: then as it starts). */
function keptInfos(event$: Observable<AnyEvent>, state$: StateObservable<CacheEpicRoot>): Observable<Patch> {
  const cacheStarted$ = event$.pipe(
    ofType(domainStarted),
    filter((event) => event.payload.name === 'cache'),
  );
  return merge(cacheStarted$, event$.pipe(ofType(infoLoaded))).pipe(
    map(() => selectAppInfo(state$.value)),
    filter((info) => info.status === 'resolved'),
    map(({ data }) => (record) => ({ ...record, infos: data })),
  );
}

/** The schema headers answered, by name (a handful: the search's and the asset page's). */
function keptSchemas(event$: Observable<AnyEvent>): Observable<Patch> {
  const bodies$ = merge(
    event$.pipe(
      ofType(resolved),
      map((event) => event.payload.schemas),
    ),
    event$.pipe(
      ofType(headersReceived),
      map((event) => [event.payload.schema]),
    ),
  );
  return bodies$.pipe(
    filter((bodies) => bodies.length > 0),
    map(
      (bodies): Patch =>
        (record) => {
          const byName = new Map<string, SchemaBody>((record.schemas ?? []).map((body) => [body.name, body]));
          for (const body of bodies) byName.set(body.name, body);
          return { ...record, schemas: [...byName.values()] };
        },
    ),
  );
}

/**
 * The carts list, the carts opened (unfiltered) and the asset pages opened, the last ones only:
 * what offline reading shows (issue 25).
 */
function keptCarts(event$: Observable<AnyEvent>, config: Config): Observable<Patch> {
  const list$ = event$.pipe(
    ofType(listLoaded),
    map(
      ({ payload }): Patch =>
        (record) => ({ ...record, carts: payload.carts }),
    ),
  );
  const contents$ = event$.pipe(
    ofType(viewLoaded),
    filter((event) => !event.payload.filtered),
    map(
      ({ payload: { cart, details } }): Patch =>
        (record) => ({
          ...record,
          cartContents: newestFirst(
            record.cartContents,
            { cart, items: details },
            (kept) => kept.cart.id,
            config.cacheCartsKept,
          ),
        }),
    ),
  );
  return merge(list$, contents$);
}

function keptAssets(
  event$: Observable<AnyEvent>,
  state$: StateObservable<CacheEpicRoot>,
  config: Config,
): Observable<Patch> {
  return event$.pipe(
    ofType(entityLoaded),
    filter((event) => event.payload.path === SEARCH_PATH),
    filter(() => selectLocation(state$.value).path.startsWith('/assets/')),
    map(({ payload: { id, data } }): Patch => {
      const name = selectEntityName(state$.value, SEARCH_PATH, id);
      // a secret-looking key or a token in an address never reaches storage
      const safe = redactDeep(data) as Record<string, unknown>;
      return (record) => ({
        ...record,
        assets: newestFirst(
          record.assets,
          { id: String(id), name, data: safe },
          (kept) => kept.id,
          config.cacheAssetsKept,
        ),
      });
    }),
  );
}

/** Every change this visit brings to the surfer's record. */
export function keptChanges(
  event$: Observable<AnyEvent>,
  state$: StateObservable<CacheEpicRoot>,
  config: Config,
): Observable<Patch> {
  return merge(
    keptSearch(event$, state$),
    keptInfos(event$, state$),
    keptSchemas(event$),
    keptCarts(event$, config),
    keptAssets(event$, state$, config),
  );
}
