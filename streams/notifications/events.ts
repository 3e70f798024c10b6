import * as z from 'zod/mini';
import { nonnegative } from '../core/bounds';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { notificationSchema } from './api';

/** The notifications page wants the list. */
export const listRequested = defineIntent('notifications/listRequested', {});
/** `locale`: the language the texts came in (the request's `lang`, protocol §1.4). */
export const listLoaded = defineAnswer('notifications/listLoaded', {
  notifications: z.array(notificationSchema),
  locale: z.optional(z.string()),
});
export const listFailed = defineFailure('notifications/listFailed');

/** `response.unreadCount` of GET /rest/usernotif/unread: on an interval, and after each change. */
export const unreadCounted = defineAnswer('notifications/unreadCounted', {
  count: z.int().check(nonnegative()),
});
export const unreadCountFailed = defineFailure('notifications/unreadCountFailed');
/** The user asks the unread count again after it failed (the header's notice). */
export const unreadCountRequested = defineIntent('notifications/unreadCountRequested', {});

/** Mark all read: shown at once, sent without waiting (protocol §20), then the count is asked again. */
export const markAllReadRequested = defineIntent('notifications/markAllReadRequested', {});
export const markedAllRead = defineAnswer('notifications/markedAllRead', {});
export const markAllReadFailed = defineFailure('notifications/markAllReadFailed');

/** Removed locally at once; the server is told, then the count is asked again. */
export const removeRequested = defineIntent('notifications/removeRequested', { id: z.string() });
export const removed = defineAnswer('notifications/removed', { id: z.string() });
export const removeFailed = defineFailure('notifications/removeFailed', { id: z.string() });

/**
 * The notifications started after the identity was known (they load with the portal's code): they take it
 * as they would have taken `session/whoAmILoaded`.
 */
export const identityAdopted = defineFact('notifications/identityAdopted', 'system', {
  me: whoAmILoaded.schema.shape.me,
});
