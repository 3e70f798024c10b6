import fc from 'fast-check';
import * as notifications from '../../../streams/notifications/events';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

const id = fc.constantFrom('n-1', 'n-2', 'n-3');
const notification = fc.record({
  id,
  type: fc.option(fc.constantFrom('system', 'cart.shared'), { nil: null }),
  title: fc.option(shortText, { nil: null }),
  message: fc.option(shortText, { nil: null }),
  date: fc.option(fc.constant('2026-01-05T09:30:00.000Z'), { nil: null }),
  read: fc.boolean(),
  link: fc.option(fc.constantFrom('/carts/1', '/account'), { nil: null }),
});
const error = serializedError;

/** A valid payload for every notifications event. */
export const notificationsPayloads: PayloadGenerators = {
  [notifications.listRequested.type]: emptyPayload,
  [notifications.listLoaded.type]: fc.record({
    notifications: fc.uniqueArray(notification, { selector: (item) => item.id, maxLength: 3 }),
  }),
  [notifications.listFailed.type]: fc.record({ error }),
  [notifications.unreadCounted.type]: fc.record({ count: fc.nat(20) }),
  [notifications.unreadCountFailed.type]: fc.record({ error }),
  [notifications.markAllReadRequested.type]: emptyPayload,
  [notifications.markedAllRead.type]: emptyPayload,
  [notifications.markAllReadFailed.type]: fc.record({ error }),
  [notifications.removeRequested.type]: fc.record({ id }),
  [notifications.removed.type]: fc.record({ id }),
  [notifications.removeFailed.type]: fc.record({ id, error }),
};
