import { concat, type Observable, of } from 'rxjs';
import type { Deps } from '../core/deps';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import * as api from './api';
import { answered, messageOf, PAGE_MESSAGES } from './epic-support';
import { publishFailed, published, saved, saveFailed } from './events';
import { PAGE_OBJECT, PAGE_STATUS_FILTER, saveFields } from './model';

// A save or a publish whose answer was lost (no HTTP answer: the server may have done it) is read
// back before anything is said (issue 27): done, the usual success; not done, the failure, and
// Save or Publish can be pressed again; nothing read back either, unconfirmed.

const unconfirmed = (error: SerializedError): SerializedError => ({
  ...error,
  code: ERROR_CODES.unconfirmed,
});

/** One component of a save: its `prop_*` fields as sent. */
export interface SentComponent {
  object: string;
  id: number;
  fields: Record<string, string>;
}

/** The fields a component holds on the server, in the shape a save sends them. */
function heldFields(content: api.Content, component: SentComponent): Record<string, string> | null {
  if (component.object === PAGE_OBJECT) {
    const { page } = content;
    if (page.id !== component.id) return null;
    return saveFields({ value: null, props: page.props, position: 0, enabled: true, name: page.name }, {});
  }
  const widget = content.widgets.find((one) => one.id === component.id);
  return widget ? saveFields(widget, {}) : null;
}

/** The save is there when every component sent holds every field it was sent. */
export function readBackSave(
  deps: Deps,
  event: AnyEvent,
  save: { path: string; uids: string[]; draftId: number; sent: readonly SentComponent[] },
  error: SerializedError,
): Observable<UnstampedEvent> {
  const { path, uids, draftId, sent } = save;
  const failed = (why: SerializedError) =>
    saveFailed({ path, message: messageOf(why, PAGE_MESSAGES.save), error: why }, event);
  return answered(
    api.fetchContent(deps.http, draftId),
    (content) => {
      const there = sent.every((component) => {
        const held = heldFields(content, component);
        return held !== null && Object.entries(component.fields).every(([key, value]) => held[key] === value);
      });
      return there ? saved({ path, uids }, event) : failed(error);
    },
    () => failed(unconfirmed(error)),
  );
}

/** The publish is there when the page sent is live; then the list and the page are read as after an answer. */
export function readBackPublish(
  deps: Deps,
  event: AnyEvent,
  publish: { path: string; id: number; after: Observable<UnstampedEvent> },
  error: SerializedError,
): Observable<UnstampedEvent> {
  const { path, id, after } = publish;
  const failed = (why: SerializedError) =>
    publishFailed({ path, message: messageOf(why, PAGE_MESSAGES.publish), error: why }, event);
  return answered(
    deps.http.request(api.fetchPageRow(id)),
    ({ data }) => {
      const row = api.toPageRecord(data.response.data);
      // published: the status pages are listed with (6), and no work copy left to publish
      return row.status === PAGE_STATUS_FILTER && (row.copietravail ?? null) === null
        ? concat(of(published({ path, id }, event)), after)
        : failed(error);
    },
    () => failed(unconfirmed(error)),
  );
}
