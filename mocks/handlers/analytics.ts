import { HttpResponse, http } from 'msw';
import type { AnalyticsAction, AnalyticsEvent } from '../db/analytics';
import { findAsset } from '../db/assets';
import { DAY_MS } from '../db/random';
import { langOf } from '../entities/workflow';
import { runtime } from '../runtime';
import { callerOf } from './caller';
import { formFields, textField } from './form';
import { errorResponse } from './respond';

const ANALYTICS = '*/api/wedia/analytics';

const CAPTIONS: Record<AnalyticsAction, { en: string; fr: string }> = {
  view: { en: 'Views', fr: 'Vues' },
  download: { en: 'Downloads', fr: 'Téléchargements' },
};

const isAction = (value: string | undefined): value is AnalyticsAction =>
  value === 'view' || value === 'download';

/** The user id events are counted under: 0 for applications and visitors. */
function userIdOf(request: Request): number {
  const caller = callerOf(request);
  return caller.kind === 'user' ? caller.user.id : 0;
}

/** One more view or download of an entity today (UTC): merged into the day's event of that user. */
export function logEvent(
  object: string,
  id: number,
  action: AnalyticsAction,
  user: number,
  now = Date.now(),
): void {
  const day = new Date(now).toISOString().slice(0, 10);
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

/** Analytics of protocol §18 (multipart or form-urlencoded fields): logging and asset events. */
export const analyticsHandlers = [
  http.post(`${ANALYTICS}/log/objectdata`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return errorResponse(400, 'The fields must be multipart or form-urlencoded');
    const object = textField(form, 'object') ?? '';
    const id = textField(form, 'id') ?? '';
    const action = textField(form, 'actionId');
    if (!isAction(action)) return errorResponse(400, `actionId must be view or download, not ${action}`);
    if (object !== 'asset' || !findAsset(runtime.db.assets, id))
      return errorResponse(404, `Unknown entity ${object}/${id}`);
    logEvent(object, Number(id), action, userIdOf(request));
    return HttpResponse.json({});
  }),

  http.post(`${ANALYTICS}/assetEvents`, async ({ request }) => {
    const form = await formFields(request);
    if (!form) return errorResponse(400, 'The fields must be multipart or form-urlencoded');
    const object = textField(form, 'object') ?? '';
    const id = Number(textField(form, 'id'));
    const days = Number(textField(form, 'nbrDays') ?? -1);
    const max = Number(textField(form, 'max') ?? 20);
    const onlyMine = textField(form, 'onlyCurrentUser') === 'true';
    if (!Number.isInteger(days) || !Number.isInteger(max) || max < 0) {
      return errorResponse(400, 'nbrDays and max must be integers');
    }
    const user = userIdOf(request);
    // nbrDays < 0: all days; else the events of the last nbrDays days, today included
    const since = days < 0 ? '' : new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
    const counts: Record<AnalyticsAction, number> = { view: 0, download: 0 };
    for (const event of runtime.db.analytics) {
      if (event.object !== object || event.id !== id || event.day < since) continue;
      if (onlyMine && event.user !== user) continue;
      counts[event.action] += event.count;
    }
    const lang = langOf(new URL(request.url).searchParams.get('lang'));
    const list = (['view', 'download'] as const).map((key) => ({
      key,
      count: counts[key],
      caption: CAPTIONS[key][lang],
    }));
    return HttpResponse.json({ list: list.slice(0, max) });
  }),
];
