import { caseReducer, on } from '../core/case-reducer';
import { assetEventsFailed, assetEventsLoaded, assetEventsStarted } from './events';
import type { AnalyticsState, AssetEventsEntry } from './state';

const keyOf = (payload: { resource: string; id: string }) => `${payload.resource}|${payload.id}`;
const empty = (): AssetEventsEntry => ({ status: 'unknown', list: [], error: null });

export const analyticsReducer = caseReducer<AnalyticsState>(
  on(assetEventsStarted, (draft, { payload }) => {
    const entry = draft.assetEvents[keyOf(payload)] ?? empty();
    entry.status = 'fetching';
    entry.error = null;
    draft.assetEvents[keyOf(payload)] = entry;
  }),
  on(assetEventsLoaded, (draft, { payload }) => {
    draft.assetEvents[keyOf(payload)] = { status: 'loaded', list: payload.list, error: null };
  }),
  on(assetEventsFailed, (draft, { payload }) => {
    const entry = draft.assetEvents[keyOf(payload)] ?? empty();
    entry.status = 'error';
    entry.error = payload.error;
    draft.assetEvents[keyOf(payload)] = entry;
  }),
);
