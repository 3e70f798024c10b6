import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { loadList, markAllRead, pollUnreadCount, removeNotification } from './epics';
import { unreadCounted } from './events';
import { initialNotificationsState, notificationsReducer } from './reducer';

export const notificationsDomain = defineDomain({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducer: notificationsReducer,
  epics: { loadList, pollUnreadCount, markAllRead, removeNotification },
  shares: [share(unreadCounted)],
});
