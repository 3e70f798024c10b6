import { caseReducer, on } from '../core/case-reducer';
import {
  assetEventsFailed,
  assetEventsLoaded,
  assetEventsStarted,
  broadcastFailed,
  broadcastLoaded,
  broadcastStarted,
  genericTopFailed,
  genericTopLoaded,
  genericTopStarted,
  topFailed,
  topLoaded,
  topStarted,
  trendAbsent,
  trendFailed,
  trendLoaded,
  trendStarted,
} from './events';
import { type AnalyticsState, type AssetEventsEntry, registeredTop, type WholeEntry } from './state';

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
  on(genericTopStarted, (draft, { payload }) => {
    draft.genericTops[payload.id] = started(draft.genericTops[payload.id]);
  }),
  on(genericTopLoaded, (draft, { payload }) => {
    draft.genericTops[payload.id] = { status: 'loaded', data: payload.data, error: null };
  }),
  on(genericTopFailed, (draft, { payload }) => {
    draft.genericTops[payload.id] = {
      status: 'error',
      data: draft.genericTops[payload.id]?.data ?? null,
      error: payload.error,
    };
  }),
  on(broadcastStarted, (draft, { payload }) => {
    draft.broadcasts[payload.uuid] = started(draft.broadcasts[payload.uuid]);
  }),
  on(broadcastLoaded, (draft, { payload }) => {
    draft.broadcasts[payload.uuid] = { status: 'loaded', data: payload.data, error: null };
  }),
  on(broadcastFailed, (draft, { payload }) => {
    draft.broadcasts[payload.uuid] = {
      status: 'error',
      data: draft.broadcasts[payload.uuid]?.data ?? null,
      error: payload.error,
    };
  }),
  on(trendStarted, (draft, { payload }) => {
    const entry = draft.trends[payload.key];
    draft.trends[payload.key] = { status: 'fetching', days: entry?.days ?? [], error: null };
  }),
  on(trendLoaded, (draft, { payload }) => {
    draft.trends[payload.key] = { status: 'loaded', days: payload.days, error: null };
  }),
  on(trendAbsent, (draft, { payload }) => {
    draft.trends[payload.key] = { status: 'not_found', days: [], error: null };
  }),
  on(trendFailed, (draft, { payload }) => {
    draft.trends[payload.key] = {
      status: 'error',
      days: draft.trends[payload.key]?.days ?? [],
      error: payload.error,
    };
  }),
);

function started(entry: WholeEntry | undefined): WholeEntry {
  return { status: 'fetching', data: entry?.data ?? null, error: null };
}
