import { EMPTY, filter, map, merge, mergeMap, take, takeUntil } from 'rxjs';
import { selectAppSetting, type WithApp } from '../app/selectors';
import { shareCreated } from '../carts/share-events';
import { fulltextChanged } from '../cursors/events';
import { shared } from '../saved-searches/events';
import type { WithSchemas } from '../schemas/selectors';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import * as api from './api';
import { isTopBusy, topPeriod } from './endpoints';
import {
  eventLogFailed,
  eventLogged,
  eventLogRequested,
  topFailed,
  topLoaded,
  topRequested,
  objectDownloaded,
  objectLogFailed,
  objectLogged,
  objectViewed,
} from './events';
import type { WithAnalytics } from './selectors';
import { isTopName } from './top-names';

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

/**
 * An ask for another period or size while the top is on its way: §18 skips it (the endpoint's
 * `when`), so it is asked again once that answer settles, unless a newer ask for the same top
 * came meanwhile.
 */
export const askTopOnceSettled: Epic<S> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(topRequested),
    filter(({ payload }) => isTopName(payload.name) && isTopBusy(state$.value, payload.name)),
    mergeMap((ask) => {
      const { name } = ask.payload;
      const { nbrDays, max } = topPeriod(ask.payload, config);
      const entry = state$.value.analytics.tops[name];
      if (entry?.nbrDays === nbrDays && entry.max === max) return EMPTY;
      const sameTop = (event: { payload: { name: string } }) => event.payload.name === name;
      return event$.pipe(
        ofType(topLoaded, topFailed),
        filter(sameTop),
        take(1),
        map(() => topRequested({ name, nbrDays, max }, ask)),
        takeUntil(event$.pipe(ofType(topRequested), filter(sameTop))),
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
