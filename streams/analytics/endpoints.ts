import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { defineEndpoint } from '../core/endpoint';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { Config } from '../core/config';
import { defineAnswer, defineFact } from '../core/event';
import type { MultipartValue } from '../core/http';
import { selectSchemaBodies, type WithSchemas } from '../schemas/selectors';
import { isTopName } from './top-names';
/** What the asks read of the slice: whether an entry is on its way, or the server has no trend. */
type WithAnalytics = {
  analytics: Record<'assetEvents' | 'trends', Readonly<Record<string, { status: string }>>> & {
    tops: Readonly<Record<string, { status: string; nbrDays: number | null; max: number | null }>>;
  };
};

/**
 * The analytics reads of protocol §18 that end in one entry each (an asset's usage, a top, a
 * generic top, broadcast data, a period's trend): each goes `fetching` when its request leaves
 * (`…Started`), then `loaded` or `error`. `events.ts` lists their events with the domain's others.
 */

/** Protocol §18: every analytics call is a POST of multipart fields, as the reference sends them. */
const post = (name: string, multipart: Record<string, MultipartValue | readonly MultipartValue[]>) => ({
  method: 'POST' as const,
  path: `/wedia/analytics/${name}`,
  body: { multipart },
});
const text = z.string().check(minLength(1));

/** One line of an asset's usage: how many views or downloads (protocol §18 "Asset events"). */
const assetEventSchema = z.object({
  key: z.enum(['view', 'download']),
  count: z.number(),
  caption: z.optional(z.string()),
});
export type AssetEvent = z.infer<typeof assetEventSchema>;

const assetEventsAnswer = z.looseObject({
  list: z.array(z.looseObject({ key: z.string(), count: z.number(), caption: z.nullish(z.string()) })),
});

/** The lines of the view and download keys, as the state keeps them (no null caption). */
function loggedLines(list: z.infer<typeof assetEventsAnswer>['list']): AssetEvent[] {
  const lines: AssetEvent[] = [];
  for (const { key, count, caption } of list) {
    if (key !== 'view' && key !== 'download') continue;
    lines.push(typeof caption === 'string' ? { key, count, caption } : { key, count });
  }
  return lines;
}

/**
 * Asset events (§18), multipart as the reference sends them (seed 001 says form encoded): all
 * days, at most `analyticsAssetEventMax` lines, every user's. A second ask while one is on its way
 * waits for it (skipped).
 */
export const assetEvents = defineEndpoint({
  requested: { type: 'analytics/assetEventsRequested', shape: { resource: text, id: text } },
  flatten: 'merge',
  key: { resource: text, id: text },
  keyOf: ({ resource, id }) => ({ resource, id }),
  when: ({ payload }, state: WithAnalytics) =>
    state.analytics.assetEvents[`${payload.resource}|${payload.id}`]?.status !== 'fetching',
  started: 'analytics/assetEventsStarted',
  request: ({ payload }, _state, { config }) =>
    post('assetEvents', {
      nbrDays: config.analyticsAllDays,
      object: payload.resource,
      id: payload.id,
      onlyDownloadAndView: false,
      max: config.analyticsAssetEventMax,
      onlyCurrentUser: false,
    }),
  answer: assetEventsAnswer,
  succeeded: { type: 'analytics/assetEventsLoaded', shape: { list: z.array(assetEventSchema) } },
  result: (data) => ({ list: loggedLines(data.list) }),
  failed: 'analytics/assetEventsFailed',
});

/** The assets' schema whose sub-schemas' resources a top counts (protocol §18 `object`). */
const ASSET_META_SCHEMA = 'dam/asset';

/** The resources of the `dam/asset` sub-schemas, or `asset` while they are not known. */
export function assetResources(state: Partial<WithSchemas>): string[] {
  const bodies = state.schemas ? selectSchemaBodies(state as WithSchemas, ASSET_META_SCHEMA) : [];
  const resources = [...new Set(bodies.map((body) => body.resource))];
  return resources.length > 0 ? resources : ['asset'];
}

const topLineSchema = z.object({
  key: z.string(),
  resource: z.string(),
  id: z.string(),
  count: z.number(),
});
export type TopLine = z.infer<typeof topLineSchema>;

/** A top line: its key split on the first `_` into resource and id (resource names hold no `_`). */
export function topLineOf(key: string, count: number): TopLine {
  const split = key.indexOf('_');
  if (split < 0) return { key, resource: '', id: key, count };
  return { key, resource: key.slice(0, split), id: key.slice(split + 1), count };
}

/** An unknown top name (protocol §18): nothing is asked. */
export const topRefused = defineFact('analytics/topRefused', 'system', { name: text, message: z.string() });

/** The period and size a top ask means: what it gives, or the configured defaults. */
export const topPeriod = (payload: { nbrDays?: number; max?: number }, config: Config) => ({
  nbrDays: payload.nbrDays ?? config.analyticsTopCallDays,
  max: payload.max ?? config.analyticsTopMax,
});

/** A top `initial` or `fetching` takes no other ask (protocol §18). */
export const isTopBusy = (state: WithAnalytics, name: string): boolean =>
  ['initial', 'fetching'].includes(state.analytics.tops[name]?.status ?? '');

/**
 * Tops (protocol §18): an unknown name is refused (`Unknown top {name}`); a top `initial` or
 * `fetching` skips the ask (`askTopOnceSettled`, epics.ts, follows up one for another period);
 * `registered` goes `initial`, any other status `fetching`; then `loaded` with ts (deps.clock) and
 * data, or `error`. `object` is repeated with the resources counted.
 */
export const top = defineEndpoint({
  requested: {
    type: 'analytics/topRequested',
    shape: { name: text, nbrDays: z.optional(z.number()), max: z.optional(z.number()) },
  },
  flatten: 'merge',
  key: { name: text },
  keyOf: ({ name }) => ({ name }),
  when: ({ payload }, state: WithAnalytics & Partial<WithSchemas>) => !isTopBusy(state, payload.name),
  refuse: (event) =>
    isTopName(event.payload.name)
      ? null
      : topRefused({ name: event.payload.name, message: `Unknown top ${event.payload.name}` }, event),
  started: {
    type: 'analytics/topStarted',
    shape: { status: z.enum(['initial', 'fetching']), nbrDays: z.number(), max: z.number() },
    payload: ({ payload }, state, { config }) => ({
      status:
        (state.analytics.tops[payload.name]?.status ?? 'registered') === 'registered'
          ? ('initial' as const)
          : ('fetching' as const),
      ...topPeriod(payload, config),
    }),
  },
  request: ({ payload }, state, { config }) => {
    const onlyCurrentUser = payload.name.endsWith('User');
    const { nbrDays, max } = topPeriod(payload, config);
    return post(onlyCurrentUser ? payload.name.slice(0, -'User'.length) : payload.name, {
      nbrDays,
      max,
      onlyCurrentUser,
      object: assetResources(state),
    });
  },
  // a top line as the server sends it: `key` is `{resource}_{id}`
  answer: z.looseObject({ list: z.array(z.looseObject({ key: z.string(), count: z.number() })) }),
  succeeded: {
    type: 'analytics/topLoaded',
    shape: { ts: z.number(), nbrDays: z.number(), max: z.number(), list: z.array(topLineSchema) },
  },
  result: (data, { payload }, { clock, config }) => ({
    ts: clock.now(),
    ...topPeriod(payload, config),
    list: data.list.map((line) => topLineOf(line.key, line.count)),
  }),
  failed: 'analytics/topFailed',
});

/** The generic top (§18): nbrDays 0, max 24, onlyCurrentUser false unless given; the body kept whole. */
export const genericTop = defineEndpoint({
  requested: {
    type: 'analytics/genericTopRequested',
    shape: {
      id: text,
      configurationName: text,
      aggregationFieldname: text,
      nbrDays: z.optional(z.number()),
      max: z.optional(z.number()),
      query: z.optional(z.unknown()),
      onlyCurrentUser: z.optional(z.boolean()),
    },
  },
  flatten: 'merge',
  key: { id: text },
  keyOf: ({ id }) => ({ id }),
  started: 'analytics/genericTopStarted',
  request: ({ payload }, _state, { config }) =>
    post('top', {
      configurationName: payload.configurationName,
      aggregationFieldname: payload.aggregationFieldname,
      nbrDays: payload.nbrDays ?? config.analyticsTopCallDays,
      max: payload.max ?? config.analyticsTopMax,
      query: JSON.stringify(payload.query ?? {}),
      onlyCurrentUser: payload.onlyCurrentUser ?? false,
    }),
  answer: z.unknown(),
  succeeded: { type: 'analytics/genericTopLoaded', shape: { data: z.unknown() } },
  result: (data) => ({ data }),
  failed: 'analytics/genericTopFailed',
});

/** Broadcast data [seed only] (§18 whereDamBroadcasted): nbDays −1 (all) and the asset events' max unless given. */
export const broadcast = defineEndpoint({
  requested: {
    type: 'analytics/broadcastRequested',
    shape: { uuid: text, max: z.optional(z.number()), nbDays: z.optional(z.number()) },
  },
  flatten: 'merge',
  key: { uuid: text },
  keyOf: ({ uuid }) => ({ uuid }),
  started: 'analytics/broadcastStarted',
  request: ({ payload }, _state, { config }) =>
    post('whereDamBroadcasted', {
      max: payload.max ?? config.analyticsAssetEventMax,
      nbDays: payload.nbDays ?? config.analyticsAllDays,
      uuid: payload.uuid,
    }),
  answer: z.unknown(),
  succeeded: { type: 'analytics/broadcastLoaded', shape: { data: z.unknown() } },
  result: (data) => ({ data }),
  failed: 'analytics/broadcastFailed',
});

export const trendKey = (nbrDays: number, onlyCurrentUser: boolean): string =>
  `${nbrDays}|${onlyCurrentUser}`;

/** The server has no trend call (404, 405, 501, or an answer that is no trend): "not available". */
export const trendAbsent = defineAnswer('analytics/trendAbsent', { key: z.string() });

/**
 * What a server without the demo's trend call answers (it is no protocol call): not found, method
 * not allowed, not implemented, or a body that is no trend (a page of its own).
 */
const NO_TREND_STATUSES = [404, 405, 501];
const hasNoTrend = (error: SerializedError): boolean =>
  NO_TREND_STATUSES.includes(error.status ?? 0) || error.code === ERROR_CODES.invalidResponse;

const trendDaySchema = z.object({ day: z.string(), views: z.number(), downloads: z.number() });
export type TrendDay = z.infer<typeof trendDaySchema>;

/**
 * The daily trend: a demo convention, no protocol call (only the demo server answers it:
 * `{days: [{date, view, download}]}`, oldest first). A server without it gives `trendAbsent` (the
 * screen says the trend is not available); once a server has shown it has none, it is not asked
 * again for another period (no 404 per click on a real server).
 */
export const trend = defineEndpoint({
  requested: {
    type: 'analytics/trendRequested',
    shape: { nbrDays: z.number(), onlyCurrentUser: z.boolean() },
  },
  flatten: 'merge',
  key: { key: z.string() },
  keyOf: ({ nbrDays, onlyCurrentUser }) => ({ key: trendKey(nbrDays, onlyCurrentUser) }),
  when: ({ payload }, state: WithAnalytics) =>
    state.analytics.trends[trendKey(payload.nbrDays, payload.onlyCurrentUser)]?.status !== 'fetching',
  refuse: (event, state) =>
    Object.values(state.analytics.trends).some((entry) => entry.status === 'not_found')
      ? trendAbsent({ key: trendKey(event.payload.nbrDays, event.payload.onlyCurrentUser) }, event)
      : null,
  started: 'analytics/trendStarted',
  request: ({ payload }) =>
    post('trend', { nbrDays: payload.nbrDays, onlyCurrentUser: payload.onlyCurrentUser }),
  answer: z.looseObject({
    days: z.array(z.looseObject({ date: z.string(), view: z.number(), download: z.number() })),
  }),
  succeeded: { type: 'analytics/trendLoaded', shape: { days: z.array(trendDaySchema) } },
  result: (data) => ({
    days: data.days.map(({ date, view, download }) => ({ day: date, views: view, downloads: download })),
  }),
  failed: 'analytics/trendFailed',
  failure: (error, event) =>
    hasNoTrend(error)
      ? trendAbsent({ key: trendKey(event.payload.nbrDays, event.payload.onlyCurrentUser) }, event)
      : null,
});
