import { concat, mergeMap, of } from 'rxjs';
import { selectAppSetting, type WithApp } from '../app/selectors';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import * as api from './api';
import {
  type AssetEvent,
  assetEventsFailed,
  assetEventsLoaded,
  assetEventsRequested,
  assetEventsStarted,
  objectDownloaded,
  objectLogFailed,
  objectLogged,
  objectViewed,
} from './events';
import type { WithAnalytics } from './selectors';

type S = WithAnalytics & WithApp;

/**
 * The mount setting naming the analytics session (`wedia-app-analytics-session`, protocol §1.1):
 * sent as `sessionType` when set.
 */
export const ANALYTICS_SESSION_SETTING = 'applicationAnalyticsSession';

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

/** The lines of the view and download keys, as the state keeps them (no null caption). */
function loggedLines(list: api.AssetEventsAnswer['list']): AssetEvent[] {
  const lines: AssetEvent[] = [];
  for (const { key, count, caption } of list) {
    if (key !== 'view' && key !== 'download') continue;
    lines.push(typeof caption === 'string' ? { key, count, caption } : { key, count });
  }
  return lines;
}

/** Asset events (§18): always through `fetching`; a second ask while one is on its way waits for it. */
export const loadAssetEvents: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(assetEventsRequested),
    mergeMap((event) => {
      const { resource, id } = event.payload;
      if (state$.value.analytics.assetEvents[`${resource}|${id}`]?.status === 'fetching') return [];
      const { analyticsAllDays: nbrDays, analyticsAssetEventMax: max } = deps.config;
      return concat(
        of(assetEventsStarted({ resource, id }, event)),
        requestAnswer(
          deps.http,
          api.assetEvents(resource, id, { nbrDays, max }),
          (data) => assetEventsLoaded({ resource, id, list: loggedLines(data.list) }, event),
          (error) => assetEventsFailed({ resource, id, error }, event),
        ),
      );
    }),
  );
