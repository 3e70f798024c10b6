import type { AnalyticsState, AssetEventsEntry } from './state';

export type { AssetEvent } from './events';
export type { AnalyticsStatus, AssetEventsEntry } from './state';

export type WithAnalytics = { analytics: AnalyticsState };

const NONE: AssetEventsEntry = { status: 'unknown', list: [], error: null };

/** The usage of an asset: status, `list` of `{key: 'view'|'download', count, caption?}`, error. */
export const selectAssetEvents = (state: WithAnalytics, resource: string, id: string): AssetEventsEntry =>
  state.analytics.assetEvents[`${resource}|${id}`] ?? NONE;

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
