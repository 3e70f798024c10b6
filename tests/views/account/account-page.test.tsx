import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { AccountPage } from '../../../src/account/account-page';
import { localeReady } from '../../../src/i18n/locales';
import { NotificationsBadge } from '../../../src/notifications/notifications-badge';
import { NotificationsPage } from '../../../src/notifications/notifications-page';
import { listLoaded, unreadCounted } from '../../../streams/notifications/events';
import {
  loaded as prefLoaded,
  portalRequested,
  saved,
  saveFailed,
  saveStarted,
  setRefused,
} from '../../../streams/preferences/events';
import { loaded, patched, patchRefused } from '../../../streams/profile/events';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown, visitorKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

const routed = (ui: ReactElement) => (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    {ui}
  </Router>
);

const profile = {
  id: 1,
  login: 'alice',
  firstname: 'Alice',
  lastname: 'Martin',
  email: 'alice@x.test',
  bolang: 'en',
};
const alice = [appStarted(), aliceKnown(), loaded({ profile, headers: null })];

const typesOf = (dispatched: { type: string }[]) => dispatched.map((event) => event.type);

describe('/account', () => {
  it('shows the profile fields, editable, and saves only the changed ones', async () => {
    const { dispatched } = renderWithStore(<AccountPage />, alice);
    expect((screen.getByRole('textbox', { name: 'Login' }) as HTMLInputElement).readOnly).toBe(true);
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect((first as HTMLInputElement).value).toBe('Alice');
    await userEvent.clear(first);
    await userEvent.type(first, 'Alicia');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(dispatched.at(-1)).toMatchObject({
      type: 'profile/patchRequested',
      payload: { changes: { firstname: 'Alicia' } },
    });
  });

  it('shows a refused patch as an alert', () => {
    renderWithStore(<AccountPage />, [...alice, patchRefused({ message: 'nope' })]);
    expect(screen.getByRole('alert').textContent).toContain('nope');
  });

  it('switches the language as a ui event, and the page follows the effective locale', async () => {
    const { dispatched } = renderWithStore(<AccountPage />, alice);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(dispatched.at(-1)).toMatchObject({
      type: 'profile/localeChangeRequested',
      payload: { locale: 'fr' },
    });
  });

  it('saves the page size and the grid density as preferences, and shows their failures', async () => {
    const { dispatched } = renderWithStore(<AccountPage />, [
      ...alice,
      portalRequested({ namespace: 'vue-app' }),
      setRefused({ message: 'Invalid parameter' }),
      saveFailed({
        namespace: 'vue-app',
        name: 'gridDensity',
        error: { code: 'error.http.500', message: 'boom' },
      }),
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '96');
    await userEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    const inputs = dispatched
      .filter((event) => event.type === 'preferences/setRequested')
      .map((event) => event.payload);
    expect(inputs).toEqual([{ input: { pageSize: 96 } }, { input: { gridDensity: 'compact' } }]);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('Invalid parameter'))).toBe(true);
    expect(alerts.some((text) => text?.includes('boom'))).toBe(true);
  });

  it('says "saved" only after a save it sent was answered, never for a value read', async () => {
    const { store } = renderWithStore(<AccountPage />, [
      ...alice,
      portalRequested({ namespace: 'vue-app' }),
      prefLoaded({ namespace: 'vue-app', name: 'pageSize', value: 48 }),
      prefLoaded({ namespace: 'vue-app', name: 'gridDensity', value: 'compact' }),
    ]);
    const said = () => screen.queryByText('Your preferences were saved.');
    expect(said()).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '96');
    act(() => {
      store.dispatch(saveStarted({ entries: [{ namespace: 'vue-app', name: 'pageSize', value: 96 }] }));
    });
    expect(said()).toBeNull();
    act(() => void store.dispatch(saved({ namespace: 'vue-app', name: 'pageSize', value: 96 })));
    expect(said()).toBeTruthy();
    // a read answer afterwards is no save
    act(() => void store.dispatch(prefLoaded({ namespace: 'vue-app', name: 'pageSize', value: 96 })));
    expect(said()).toBeNull();
  });

  it('offers "Save profile" only with a change, and says "saved" once the server answered', async () => {
    const { store } = renderWithStore(<AccountPage />, alice);
    const save = screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), '-Durand');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(screen.queryByText('Your profile was saved.')).toBeNull();
    act(() => void store.dispatch(patched({ profile: { ...profile, lastname: 'Martin-Durand' } })));
    expect(await screen.findByText('Your profile was saved.')).toBeTruthy();
  });

  it('has labelled password fields for the password change', () => {
    renderWithStore(<AccountPage />, alice);
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('offers a visitor the language and a way to sign in, nothing else', () => {
    const { dispatched } = renderWithStore(<AccountPage />, [appStarted(), visitorKnown()]);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    expect(typesOf(dispatched)).not.toContain('profile/loadRequested');
  });
});

describe('/notifications and the badge', () => {
  const items = [
    { id: 'n-1', type: 'system', title: 'One', message: 'First', date: null, read: false, link: '/carts/1' },
    { id: 'n-2', type: 'system', title: 'Two', message: null, date: null, read: true, link: '/nowhere/2' },
    { id: 'n-3', type: 'system', title: 'Three', message: null, date: null, read: true, link: null },
  ];

  it('lists the notifications; opening the page marks them read and keeps "New" on the unread ones', async () => {
    const { dispatched, store } = renderWithStore(routed(<NotificationsPage />), [
      appStarted(),
      aliceKnown(),
      listLoaded({ notifications: items }),
    ]);
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'One' }).getAttribute('href')).toBe('/carts/1');
    // a path that is no screen of the portal, and no link at all, are text
    expect(screen.queryByRole('link', { name: 'Two' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Three' })).toBeNull();
    expect(screen.getByText('Three')).toBeTruthy();
    expect(typesOf(dispatched).filter((type) => type === 'notifications/markAllReadRequested')).toHaveLength(
      1,
    );
    expect(store.getState().notifications.items?.every(({ read }) => read)).toBe(true);
    expect(screen.getAllByText('New')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification Two' }));
    expect(typesOf(dispatched).at(-1)).toBe('notifications/removeRequested');
    expect(typesOf(dispatched)).toContain('notifications/listRequested');
  });

  it('names the unread count in the badge with its plural, in French too', async () => {
    const { unmount } = renderWithStore(<NotificationsBadge />, [
      appStarted(),
      aliceKnown(),
      unreadCounted({ count: 1 }),
    ]);
    expect(screen.getByRole('status', { name: '1 unread notification' }).textContent).toBe('1');
    unmount();
    await localeReady('fr');
    renderWithStore(<NotificationsBadge />, [appStarted(), aliceKnown('fr'), unreadCounted({ count: 2 })]);
    expect(await screen.findByRole('status', { name: '2 notifications non lues' })).toBeTruthy();
  });

  it('names the unread count in the badge, for users only', () => {
    renderWithStore(<NotificationsBadge />, [appStarted(), aliceKnown(), unreadCounted({ count: 3 })]);
    expect(screen.getByRole('status', { name: '3 unread notifications' }).textContent).toBe('3');
  });

  it('shows no badge for a visitor', () => {
    const { container } = renderWithStore(<NotificationsBadge />, [
      appStarted(),
      visitorKnown(),
      unreadCounted({ count: 3 }),
    ]);
    expect(container.textContent).toBe('');
  });
});
