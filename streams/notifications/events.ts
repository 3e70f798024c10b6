import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { notificationSchema } from './api';

const error = serializedErrorSchema;

/** The notifications page wants the list. */
export const listRequested = defineEvent('notifications/listRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const listLoaded = defineEvent(
  'notifications/listLoaded',
  z.object({ notifications: z.array(notificationSchema) }),
  { source: 'server', redact: [] },
);
export const listFailed = defineEvent('notifications/listFailed', z.object({ error }), {
  source: 'server',
  failure: true,
  redact: [],
});

/** `response.unreadCount` of GET /rest/usernotif/unread: on an interval, and after each change. */
export const unreadCounted = defineEvent(
  'notifications/unreadCounted',
  z.object({ count: z.number().int().nonnegative() }),
  { source: 'server', redact: [] },
);
export const unreadCountFailed = defineEvent('notifications/unreadCountFailed', z.object({ error }), {
  source: 'server',
  failure: true,
  redact: [],
});

/** Mark all read: shown at once, sent without waiting (protocol §20), then the count is asked again. */
export const markAllReadRequested = defineEvent('notifications/markAllReadRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const markedAllRead = defineEvent('notifications/markedAllRead', z.object({}), {
  source: 'server',
  redact: [],
});
export const markAllReadFailed = defineEvent('notifications/markAllReadFailed', z.object({ error }), {
  source: 'server',
  failure: true,
  redact: [],
});

/** Removed locally at once; the server is told, then the count is asked again. */
export const removeRequested = defineEvent('notifications/removeRequested', z.object({ id: z.string() }), {
  source: 'ui',
  redact: [],
});
export const removed = defineEvent('notifications/removed', z.object({ id: z.string() }), {
  source: 'server',
  redact: [],
});
export const removeFailed = defineEvent('notifications/removeFailed', z.object({ id: z.string(), error }), {
  source: 'server',
  failure: true,
  redact: [],
});
