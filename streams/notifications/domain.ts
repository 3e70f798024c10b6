import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { adoptIdentity, loadList, markAllRead, pollUnreadCount, removeNotification } from './epics';
import { unreadCounted } from './events';
import { notificationsReducer } from './reducer';
import { initialNotificationsState } from './state';

export const notificationsDomain = defineDomain({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducer: notificationsReducer,
  epics: { loadList, pollUnreadCount, markAllRead, removeNotification, adoptIdentity },
  shares: [share(unreadCounted)],
});
