import { caseReducer, on } from '../core/case-reducer';
import { assetEvents, broadcast, genericTop, trend } from './endpoints';
import { topFailed, topLoaded, topStarted, trendAbsent } from './events';
import { type AnalyticsState, registeredTop } from './state';

/** The entries of the reads declared as endpoints, created on their first ask. */
const NONE = { status: 'unknown', error: null } as const;

export const analyticsReducer = caseReducer<AnalyticsState>(
  ...assetEvents.statusCases<AnalyticsState>(
    (draft, key) => (draft.assetEvents[assetEvents.entryKey(key)] ??= { ...NONE, list: [] }),
  ),
  on(assetEvents.succeeded, (draft, { payload }) => {
    draft.assetEvents[assetEvents.entryKey(payload)]!.list = payload.list;
  }),
  // tops (protocol §18): the epic decides the status; the data stays until the next answer
  on(topStarted, (draft, { payload }) => {
    const entry = draft.tops[payload.name] ?? registeredTop();
    entry.status = payload.status;
    entry.nbrDays = payload.nbrDays;
    entry.max = payload.max;
    draft.tops[payload.name] = entry;
  }),
  on(topLoaded, (draft, { payload }) => {
    draft.tops[payload.name] = {
      status: 'loaded',
      ts: payload.ts,
      data: payload.list,
      nbrDays: payload.nbrDays,
      max: payload.max,
      error: null,
    };
  }),
  on(topFailed, (draft, { payload }) => {
    const entry = draft.tops[payload.name] ?? registeredTop();
    entry.status = 'error';
    entry.error = payload.error;
    draft.tops[payload.name] = entry;
  }),
  ...genericTop.statusCases<AnalyticsState>(
    (draft, { id }) => (draft.genericTops[id] ??= { ...NONE, data: null }),
  ),
  on(genericTop.succeeded, (draft, { payload }) => {
    draft.genericTops[payload.id]!.data = payload.data;
  }),
  ...broadcast.statusCases<AnalyticsState>(
    (draft, { uuid }) => (draft.broadcasts[uuid] ??= { ...NONE, data: null }),
  ),
  on(broadcast.succeeded, (draft, { payload }) => {
    draft.broadcasts[payload.uuid]!.data = payload.data;
  }),
  ...trend.statusCases<AnalyticsState>((draft, { key }) => (draft.trends[key] ??= { ...NONE, days: [] })),
  on(trend.succeeded, (draft, { payload }) => {
    draft.trends[payload.key]!.days = payload.days;
  }),
  on(trendAbsent, (draft, { payload }) => {
    draft.trends[payload.key] = { status: 'not_found', days: [], error: null };
  }),
);
