import { assetEvents, broadcast, genericTop, trend, trendKey } from './endpoints';
import type { AnalyticsState, AssetEventsEntry } from './state';

export type { AssetEvent } from './events';
export type { AnalyticsStatus, AssetEventsEntry } from './state';

export type WithAnalytics = { analytics: AnalyticsState };

const NONE: AssetEventsEntry = { status: 'unknown', list: [], error: null };

/** The usage of an asset: status, `list` of `{key: 'view'|'download', count, caption?}`, error. */
export const selectAssetEvents = (state: WithAnalytics, resource: string, id: string): AssetEventsEntry =>
  assetEvents.select(state.analytics.assetEvents, { resource, id }) ?? NONE;

/** How many views or downloads an asset's loaded events count (0 before they load). */
export const selectAssetEventCount = (
  state: WithAnalytics,
  resource: string,
  id: string,
  key: 'view' | 'download',
): number =>
  selectAssetEvents(state, resource, id)
    .list.filter((line) => line.key === key)
    .reduce((sum, line) => sum + line.count, 0);

// ---- Issue 17: tops, generic tops, broadcast data, trend (protocol §18) ----

export type { TopLine, TrendDay } from './events';
export type { TopEntry, TopName, TopStatus, TrendEntry, WholeEntry } from './state';
export { TOP_NAMES } from './state';

import type { TopEntry, TopName, TrendEntry, WholeEntry } from './state';
import { registeredTop } from './state';

/** The UI's top kinds (protocol §18: "their top name must be `view` or `download`"). */
type TopKind = 'view' | 'download';

/** The periods the /analytics screen offers, in days; -1 is "all" (config.analyticsAllDays). */
export const TOP_PERIODS = [7, 30, 90, 365, -1] as const;

/** `topDamView` / `topDamDownload`, with `User` when only the current user's counts are wanted. */
export const selectTopName = (kind: TopKind, onlyMine: boolean): TopName =>
  `${kind === 'view' ? 'topDamView' : 'topDamDownload'}${onlyMine ? 'User' : ''}` as TopName;

const REGISTERED: TopEntry = registeredTop();
const NO_WHOLE: WholeEntry = { status: 'unknown', data: null, error: null };
const NO_TREND: TrendEntry = { status: 'unknown', days: [], error: null };

/** A top: status (registered, initial, fetching, loaded, error), ts, data lines, nbrDays, max, error. */
export const selectTop = (state: WithAnalytics, name: string): TopEntry =>
  state.analytics.tops[name] ?? REGISTERED;

export const selectGenericTop = (state: WithAnalytics, id: string): WholeEntry =>
  genericTop.select(state.analytics.genericTops, { id }) ?? NO_WHOLE;

/** Broadcast data (whereDamBroadcasted) kept whole, keyed by the asset's uuid. */
export const selectBroadcast = (state: WithAnalytics, uuid: string): WholeEntry =>
  broadcast.select(state.analytics.broadcasts, { uuid }) ?? NO_WHOLE;

export { trendKey };

/** The daily trend for a period: status `not_found` when the server gives none (show no chart, no error). */
export const selectTrend = (state: WithAnalytics, nbrDays: number, onlyCurrentUser: boolean): TrendEntry =>
  trend.select(state.analytics.trends, { key: trendKey(nbrDays, onlyCurrentUser) }) ?? NO_TREND;
