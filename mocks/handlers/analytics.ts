import { HttpResponse, http } from 'msw';
import {
  type AnalyticsAction,
  type AnalyticsEvent,
  analyticsDay,
  countBy,
  dailyTrend,
  shownDate,
} from '../db/analytics';
import { findAsset } from '../db/assets';
import type { Db } from '../db/index';
import { broadcastsOf } from '../db/analytics-broadcasts';
import { langOf } from '../entities/workflow';
import { runtime } from '../runtime';
import { type Caller, callerOf } from './caller';
import { formFields, isTrue, parseJson, textField } from './form';
import { errorResponse } from './respond';
import {
  mayReadAnalytics,
  mayReadEveryonesFigures,
  refusalOf,
  refusalResponse,
  userOfCaller,
} from './rights';

const ANALYTICS = '*/api/wedia/analytics';

const CAPTIONS: Record<AnalyticsAction, { en: string; fr: string }> = {
  view: { en: 'Views', fr: 'Vues' },
  download: { en: 'Downloads', fr: 'Téléchargements' },
};

/** The tops of protocol §18 and the action each counts. */
const TOPS: Record<string, AnalyticsAction> = { topDamView: 'view', topDamDownload: 'download' };

const isAction = (value: string | undefined): value is AnalyticsAction =>
  value === 'view' || value === 'download';

/** The user id events are counted under: 0 for applications and visitors. */
function userIdOf(request: Request): number {
  const caller = callerOf(request);
  return caller.kind === 'user' ? caller.user.id : 0;
}

/**
 * One more view or download of an entity today: merged into the day's event of that user. "Today"
 * is the reference day of the demo calendar (mocks/db/analytics.ts), whatever the clock says.
 */
export function logEvent(object: string, id: number, action: AnalyticsAction, user: number): void {
  const day = analyticsDay();
  const known = runtime.db.analytics.find(
    (event) =>
      event.day === day &&
      event.id === id &&
      event.action === action &&
      event.user === user &&
      event.object === object,
  );
  if (known) known.count += 1;
  else
    runtime.db.analytics.push({
      day,
      object: object as AnalyticsEvent['object'],
      id,
      action,
      user,
      count: 1,
    });
}

/** An event logged with `log/event` (protocol §18), as received. */
export interface LoggedAnalyticsEvent {
  configuration: string;
  params: string;
  sessionType: string | null;
  user: number;
  at: number;
}

/** Per database, so a reset forgets them. */
const loggedEvents = new WeakMap<Db, LoggedAnalyticsEvent[]>();

/** The events logged with `log/event` since the last reset. */
export function loggedAnalyticsEvents(db: Db = runtime.db): LoggedAnalyticsEvent[] {
  let list = loggedEvents.get(db);
  if (!list) {
    list = [];
    loggedEvents.set(db, list);
  }
  return list;
}

/** An integer form field, its default when absent; undefined when it is not an integer. */
function intField(form: FormData, name: string, fallback: number): number | undefined {
  const text = textField(form, name);
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
}

/** The resources of the `object` fields (repeated, or one comma-separated value). */
function objectsOf(form: FormData): string[] {
  return form
    .getAll('object')
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * Usage figures (issue 27): for signed-in users only (401 anonymous, 403 applications). Figures
 * per user are for asset managers; anyone else gets their own figures only.
 */
function analyticsRefusal(caller: Caller): Response | undefined {
  return mayReadAnalytics(caller) ? undefined : refusalResponse(refusalOf(caller, 'see usage analytics'));
}

/** The user whose figures alone a caller may see, or undefined when they may see everyone's. */
const onlyUserOf = (caller: Caller): number | undefined =>
  mayReadEveryonesFigures(caller) ? undefined : (userOfCaller(caller)?.id ?? 0);

const badForm = () => errorResponse(400, 'The fields must be multipart or form-urlencoded');
const badNumbers = (names: string) => errorResponse(400, `${names} must be integers`);

/** Keys of the entities that still exist (a deleted asset leaves the tops). */
const existing = (event: AnalyticsEvent): boolean =>
  event.object !== 'asset' || findAsset(runtime.db.assets, event.id) !== undefined;

/** Analytics of protocol §18 (multipart or form-urlencoded fields), plus the demo's daily trend. */
export const analyticsHandlers = [
  http.post(`${ANALYTICS}/log/objectdata`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return badForm();
    const object = textField(form, 'object') ?? '';
    const id = textField(form, 'id') ?? '';
    const action = textField(form, 'actionId');
    if (!isAction(action)) return errorResponse(400, `actionId must be view or download, not ${action}`);
    if (object !== 'asset' || !findAsset(runtime.db.assets, id))
      return errorResponse(404, `Unknown entity ${object}/${id}`);
    logEvent(object, Number(id), action, userIdOf(request));
    return HttpResponse.json({});
  }),

  http.post(`${ANALYTICS}/log/event`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return badForm();
    const configuration = textField(form, 'configuration');
    if (!configuration) return errorResponse(400, 'configuration is required');
    loggedAnalyticsEvents().push({
      configuration,
      params: textField(form, 'params') ?? '',
      sessionType: textField(form, 'sessionType') ?? null,
      user: userIdOf(request),
      at: Date.now(),
    });
    return HttpResponse.json({});
  }),

  http.post(`${ANALYTICS}/assetEvents`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return badForm();
    const object = textField(form, 'object') ?? '';
    const id = Number(textField(form, 'id'));
    const days = intField(form, 'nbrDays', -1);
    const max = intField(form, 'max', 20);
    if (days === undefined || max === undefined || max < 0) return badNumbers('nbrDays and max');
    const user = isTrue(textField(form, 'onlyCurrentUser')) ? userIdOf(request) : undefined;
    const counts = countBy(
      runtime.db.analytics,
      { nbrDays: days, user, objects: [object], ids: [id] },
      (event) => event.action,
      0,
    );
    const lang = langOf(new URL(request.url).searchParams.get('lang'));
    const list = (['view', 'download'] as const).map((key) => ({
      key,
      count: counts.find((entry) => entry.key === key)?.count ?? 0,
      caption: CAPTIONS[key][lang],
    }));
    return HttpResponse.json({ list: list.slice(0, max) });
  }),

  http.post(`${ANALYTICS}/top`, async ({ request }) => {
    const caller = callerOf(request);
    const refused = analyticsRefusal(caller);
    if (refused) return refused;
    const form = await formFields(request);
    if (!form) return badForm();
    const configuration = textField(form, 'configurationName') || 'view';
    if (!isAction(configuration)) return errorResponse(404, `Unknown top configuration ${configuration}`);
    const field = textField(form, 'aggregationFieldname') || 'id';
    const keyOf: Record<string, (event: AnalyticsEvent) => string> = {
      id: (event) => `${event.object}_${event.id}`,
      user: (event) => String(event.user),
      day: (event) => shownDate(event.day),
      object: (event) => event.object,
    };
    const key = keyOf[field];
    if (!key) return errorResponse(400, `Unknown aggregationFieldname ${field}`);
    const days = intField(form, 'nbrDays', 0);
    const max = intField(form, 'max', 24);
    if (days === undefined || max === undefined) return badNumbers('nbrDays and max');
    const queryText = textField(form, 'query');
    const parsed = queryText ? parseJson(queryText) : { ok: true as const, value: {} };
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null)
      return errorResponse(400, 'query must be a JSON object');
    const query = parsed.value as { object?: unknown; id?: unknown };
    const objects = query.object === undefined ? undefined : [query.object].flat().map(String);
    const ids = query.id === undefined ? undefined : [query.id].flat().map(Number);
    // per-user figures name who viewed what: those who may not see everyone's get their own row
    const user = isTrue(textField(form, 'onlyCurrentUser'))
      ? userIdOf(request)
      : field === 'user'
        ? onlyUserOf(caller)
        : undefined;
    const filter = { action: configuration, nbrDays: days, user, objects, ids };
    const all = countBy(runtime.db.analytics.filter(existing), filter, key, 0);
    return HttpResponse.json({
      configurationName: configuration,
      aggregationFieldname: field,
      total: all.reduce((sum, entry) => sum + entry.count, 0),
      list: max > 0 ? all.slice(0, max) : all,
    });
  }),

  // demo convention, not in the protocol: views and downloads per day, for the trend chart
  http.post(`${ANALYTICS}/trend`, async ({ request }) => {
    const refused = analyticsRefusal(callerOf(request));
    if (refused) return refused;
    const form = await formFields(request);
    if (!form) return badForm();
    const days = intField(form, 'nbrDays', 30);
    if (days === undefined) return badNumbers('nbrDays');
    const user = isTrue(textField(form, 'onlyCurrentUser')) ? userIdOf(request) : undefined;
    const objects = objectsOf(form);
    const idText = textField(form, 'id');
    const ids = idText ? [Number(idText)] : undefined;
    const now = Date.now();
    const rows = dailyTrend(runtime.db.analytics, { nbrDays: days, user, objects, ids });
    return HttpResponse.json({
      days: rows.map((row) => ({ date: shownDate(row.day, now), view: row.view, download: row.download })),
    });
  }),

  http.post(`${ANALYTICS}/whereDamBroadcasted`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return badForm();
    const uuid = textField(form, 'uuid') ?? '';
    const max = intField(form, 'max', 24);
    const days = intField(form, 'nbDays', -1);
    if (max === undefined || days === undefined) return badNumbers('max and nbDays');
    const asset = runtime.db.assets.find((row) => row.$uuid === uuid);
    if (!asset) return errorResponse(404, `Unknown asset uuid ${uuid}`);
    const lang = langOf(new URL(request.url).searchParams.get('lang'));
    const list = broadcastsOf(asset, days, lang, Date.now());
    return HttpResponse.json({ uuid, list: max > 0 ? list.slice(0, max) : list });
  }),

  // last: any other top name (protocol §18: "Unknown top {name}")
  http.post(`${ANALYTICS}/:top`, async ({ request, params }) => {
    const name = String(params.top);
    const action = TOPS[name];
    if (!action) return errorResponse(404, `Unknown top ${name}`);
    const refused = analyticsRefusal(callerOf(request));
    if (refused) return refused;
    const form = await formFields(request);
    if (!form) return badForm();
    const days = intField(form, 'nbrDays', 0);
    const max = intField(form, 'max', 24);
    if (days === undefined || max === undefined) return badNumbers('nbrDays and max');
    const onlyMine = isTrue(textField(form, 'onlyCurrentUser'));
    const user = onlyMine ? userIdOf(request) : undefined;
    const filter = { action, nbrDays: days, user, objects: objectsOf(form) };
    const list = countBy(
      runtime.db.analytics.filter(existing),
      filter,
      (event) => `${event.object}_${event.id}`,
      max,
    );
    return HttpResponse.json({ list });
  }),
];
