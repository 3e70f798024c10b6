import { concat, filter, map, merge, mergeMap, type Observable, of, take, takeUntil } from 'rxjs';
import { selectAppSetting, type WithApp } from '../app/selectors';
import { shareCreated } from '../carts/share-events';
import { fulltextChanged } from '../cursors/events';
import { shared } from '../saved-searches/events';
import { selectSchemaBodies, type WithSchemas } from '../schemas/selectors';
import type { Epic } from '../core/epic';
import type { AnyEvent, AppEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import * as api from './api';
import {
  eventLogFailed,
  eventLogged,
  eventLogRequested,
  type TopLine,
  topFailed,
  topLoaded,
  topRefused,
  topRequested,
  topStarted,
  objectDownloaded,
  objectLogFailed,
  objectLogged,
  objectViewed,
} from './events';
import { isTopName, type WithAnalytics } from './selectors';

type S = WithAnalytics & WithApp & Partial<WithSchemas>;

/**
 * The mount setting naming the analytics session (`wedia-app-analytics-session`, protocol §1.1):
 * sent as `sessionType` when set.
 */
const ANALYTICS_SESSION_SETTING = 'applicationAnalyticsSession';

/** Protocol §18: a view or a download is logged, fire and forget; a lost one is a failure event. */
export const logObject: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(objectViewed, objectDownloaded),
    mergeMap((event) => {
      const { resource, id } = event.payload;
      const actionId: api.LoggedAction = objectViewed.match(event) ? 'view' : 'download';
      const sessionType = selectAppSetting(state$.value, ANALYTICS_SESSION_SETTING) || undefined;
      return requestAnswer(
        deps.http,
        api.logObjectData(resource, id, actionId, sessionType),
        () => objectLogged({ resource, id, actionId }, event),
        (error) => objectLogFailed({ resource, id, actionId, error }, event),
      );
    }),
  );

/** The assets' schema whose sub-schemas' resources a top counts (protocol §18 `object`). */
const ASSET_META_SCHEMA = 'dam/asset';

/** The resources of the `dam/asset` sub-schemas, or `asset` while they are not known. */
export function assetResources(state: Partial<WithSchemas>): string[] {
  const bodies = state.schemas ? selectSchemaBodies(state as WithSchemas, ASSET_META_SCHEMA) : [];
  const resources = [...new Set(bodies.map((body) => body.resource))];
  return resources.length > 0 ? resources : ['asset'];
}

/** A top line: its key split on the first `_` into resource and id (resource names hold no `_`). */
export function topLineOf(key: string, count: number): TopLine {
  const split = key.indexOf('_');
  if (split < 0) return { key, resource: '', id: key, count };
  return { key, resource: key.slice(0, split), id: key.slice(split + 1), count };
}

/**
 * An ask for another period or size while the top is on its way: §18 skips it, so it is asked
 * again once that answer settles, unless a newer ask for the same top came meanwhile.
 */
function askOnceSettled(
  event$: Observable<AnyEvent>,
  ask: AppEvent<string, { name: string }>,
  nbrDays: number,
  max: number,
): Observable<UnstampedEvent> {
  const { name } = ask.payload;
  const sameTop = (event: { payload: { name: string } }) => event.payload.name === name;
  return event$.pipe(
    ofType(topLoaded, topFailed),
    filter(sameTop),
    take(1),
    map(() => topRequested({ name, nbrDays, max }, ask)),
    takeUntil(event$.pipe(ofType(topRequested), filter(sameTop))),
  );
}

/**
 * Tops (protocol §18): an unknown name is refused (`Unknown top {name}`); a top `initial` or
 * `fetching` skips the ask; `registered` goes `initial`, any other status `fetching`; then
 * `loaded` with ts (deps.clock) and data, or `error`. One request per top at a time (merge across tops);
 * another period asked meanwhile follows once it settles.
 */
export const loadTop: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(topRequested),
    mergeMap((event) => {
      const { name } = event.payload;
      if (!isTopName(name)) return of(topRefused({ name, message: `Unknown top ${name}` }, event));
      const entry = state$.value.analytics.tops[name];
      const status = entry?.status ?? 'registered';
      const nbrDays = event.payload.nbrDays ?? deps.config.analyticsTopCallDays;
      const max = event.payload.max ?? deps.config.analyticsTopMax;
      if (status === 'initial' || status === 'fetching') {
        if (entry?.nbrDays === nbrDays && entry.max === max) return [];
        return askOnceSettled(event$, event, nbrDays, max);
      }
      const onlyCurrentUser = name.endsWith('User');
      const base = onlyCurrentUser
        ? (name.slice(0, -'User'.length) as 'topDamView' | 'topDamDownload')
        : name;
      const request = api.top(base as 'topDamView' | 'topDamDownload', {
        nbrDays,
        max,
        onlyCurrentUser,
        objects: assetResources(state$.value),
      });
      return concat(
        of(
          topStarted({ name, status: status === 'registered' ? 'initial' : 'fetching', nbrDays, max }, event),
        ),
        requestAnswer(
          deps.http,
          request,
          (data) =>
            topLoaded(
              {
                name,
                ts: deps.clock.now(),
                nbrDays,
                max,
                list: data.list.map((line) => topLineOf(line.key, line.count)),
              },
              event,
            ),
          (error) => topFailed({ name, error }, event),
        ),
      );
    }),
  );

/** The search list's name (the search screen's cursor): its searches are logged. */
const LOGGED_SEARCH_CURSOR = 'search';

/**
 * Event logging (§18 `log/event`, fire and forget): a search (a text given to the search list),
 * a cart shared, a saved search shared, or any `analytics/eventLogRequested`.
 */
export const logEvents: Epic<S> = (event$, state$, deps) => {
  const search$ = event$.pipe(
    ofType(fulltextChanged),
    filter((event) => event.payload.name === LOGGED_SEARCH_CURSOR && event.payload.fulltext.trim() !== ''),
    map((event) =>
      eventLogRequested(
        {
          configuration: 'search',
          params: JSON.stringify({ fulltext: event.payload.fulltext, mode: event.payload.mode ?? null }),
        },
        event,
      ),
    ),
  );
  const cartShare$ = event$.pipe(
    ofType(shareCreated),
    map((event) =>
      eventLogRequested(
        { configuration: 'share', params: JSON.stringify({ object: 'cart', id: event.payload.cartId }) },
        event,
      ),
    ),
  );
  const searchShare$ = event$.pipe(
    ofType(shared),
    map((event) =>
      eventLogRequested(
        {
          configuration: 'share',
          params: JSON.stringify({
            object: 'savedsearch',
            id: event.payload.id,
            users: event.payload.userIds,
          }),
        },
        event,
      ),
    ),
  );
  const send$ = event$.pipe(
    ofType(eventLogRequested),
    mergeMap((event) => {
      const { configuration, params } = event.payload;
      const sessionType = selectAppSetting(state$.value, ANALYTICS_SESSION_SETTING) || undefined;
      return requestAnswer(
        deps.http,
        api.logEvent(configuration, params, sessionType),
        () => eventLogged({ configuration }, event),
        (error) => eventLogFailed({ configuration, error }, event),
      );
    }),
  );
  return merge(search$, cartShare$, searchShare$, send$);
};
