import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** protocol §20: the client reads `key`; the other fields are shown when the server sends them. */
const wireNotificationSchema = z.looseObject({
  key: z.union([z.string(), z.number()]),
  type: z.nullish(z.string()),
  title: z.nullish(z.string()),
  message: z.nullish(z.string()),
  date: z.nullish(z.string()),
  read: z.nullish(z.boolean()),
  link: z.nullish(z.string()),
  /** who wrote it (a comment on a shared cart); none: a visitor or the system */
  author: z.nullish(z.string()),
});
type WireNotification = z.infer<typeof wireNotificationSchema>;

const listAnswerSchema = z.object({ response: z.object({ data: z.array(wireNotificationSchema) }) });
const unreadAnswerSchema = z.object({ response: z.object({ unreadCount: z.number() }) });

/**
 * A notification as the portal keeps it. The wire's `key` is called `id` here: exported logs
 * mask any member named `key` (streams/core/redact.ts).
 */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.nullable(z.string()),
  title: z.nullable(z.string()),
  message: z.nullable(z.string()),
  date: z.nullable(z.string()),
  read: z.boolean(),
  link: z.nullable(z.string()),
  author: z.optional(z.nullable(z.string())),
});
export type Notification = z.infer<typeof notificationSchema>;

export function toNotification(wire: WireNotification): Notification {
  return {
    id: String(wire.key),
    type: wire.type ?? null,
    title: wire.title ?? null,
    message: wire.message ?? null,
    date: wire.date ?? null,
    read: wire.read ?? false,
    link: wire.link ?? null,
    author: wire.author ?? null,
  };
}

export function listNotifications(): HttpRequest<z.infer<typeof listAnswerSchema>> {
  return { method: 'GET', path: '/rest/usernotif', schema: listAnswerSchema };
}

export function unreadCount(): HttpRequest<z.infer<typeof unreadAnswerSchema>> {
  return { method: 'GET', path: '/rest/usernotif/unread', schema: unreadAnswerSchema };
}

/** No body; the answer is not read. */
export function markAllRead(): HttpRequest<undefined> {
  return { method: 'POST', path: '/rest/usernotif/markread' };
}

export function removeNotification(id: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: `/rest/usernotif/${encodeURIComponent(id)}` };
}

/** protocol §20: the local list is replaced only when the set of keys changed. */
export function sameKeys(current: readonly Notification[], next: readonly Notification[]): boolean {
  if (current.length !== next.length) return false;
  const ids = new Set(current.map(({ id }) => id));
  return next.every(({ id }) => ids.has(id));
}
