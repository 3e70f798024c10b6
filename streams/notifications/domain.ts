import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { loadList, markAllRead, pollUnreadCount, removeNotification } from './epics';
import { unreadCounted } from './events';
import { initialNotificationsState, notificationsReducer } from './reducer';
import {
  selectCartComments,
  selectNotifications,
  selectUnreadCount,
  selectUnreadCountFailure,
} from './selectors';

export const notificationsDomain = defineDomain({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducer: notificationsReducer,
  epics: { loadList, pollUnreadCount, markAllRead, removeNotification },
  selectors: { selectNotifications, selectUnreadCount, selectUnreadCountFailure, selectCartComments },
  shares: [share(unreadCounted)],
});
