import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { combineEpics } from '../../../streams/core/epic';
import {
  loadList,
  markAllRead,
  pollUnreadCount,
  removeNotification,
} from '../../../streams/notifications/epics';
import { listRequested, markAllReadRequested, removeRequested } from '../../../streams/notifications/events';
import { portalAs } from '../../helpers/demo-portal';

const epics = combineEpics({ loadList, pollUnreadCount, markAllRead, removeNotification });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

describe('notifications against the demo server (protocol §20)', () => {
  it('lists, counts the unread, marks all read and deletes', async () => {
    const { store, next } = await portalAs('alice', epics);
    // the count is asked as soon as the user is known (portalAs tells who-am-I)
    const counted = next('notifications/unreadCounted');
    expect((await counted).payload).toEqual({ count: 4 });

    const listed = next('notifications/listLoaded');
    store.dispatch(listRequested({}));
    await listed;
    const items = store.getState().notifications.items!;
    expect(items.length).toBeGreaterThan(4);
    expect(items.filter(({ read }) => !read)).toHaveLength(4);

    const recounted = next('notifications/unreadCounted');
    store.dispatch(markAllReadRequested({}));
    expect((await recounted).payload).toEqual({ count: 0 });

    const first = items[0]!.id;
    const removed = next('notifications/removed', 'notifications/removeFailed');
    store.dispatch(removeRequested({ id: first }));
    expect((await removed).type).toBe('notifications/removed');
    const again = next('notifications/listLoaded');
    store.dispatch(listRequested({}));
    await again;
    expect(store.getState().notifications.items!.map(({ id }) => id)).not.toContain(first);
  });
});
