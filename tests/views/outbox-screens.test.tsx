import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPage } from '../../src/account/account-page';
import { ShareDialog } from '../../src/carts/share-dialog';
import { SavedSearchesPage } from '../../src/saved-searches/saved-searches-page';
import { listLoaded } from '../../streams/carts/events';
import { sharesListed, shareRevokeFailed, shareRevokeRequested } from '../../streams/carts/share-events';
import { discardRequested } from '../../streams/outbox/events';
import { portalRequested, saveFailed, setRequested } from '../../streams/preferences/events';
import {
  loaded,
  localeChangeFailed,
  localeChangeRequested,
  patchFailed,
  patchRequested,
} from '../../streams/profile/events';
import { operationFailed, renameRequested } from '../../streams/saved-searches/events';
import { appStarted } from '../helpers/app-started';
import { aliceKnown } from '../helpers/identities';
import { keptOffline } from '../helpers/kept-write';
import { renderWithStore } from '../helpers/render';
import { aCart } from '../streams/carts/fixtures';

const offline = { code: 'error.network', message: 'Failed to fetch' };
const pending = 'Will be saved when you are back online.';
const profile = {
  id: 1,
  login: 'alice',
  firstname: 'Alice',
  lastname: 'Martin',
  email: 'a@x.test',
  bolang: 'en',
};

describe('a screen whose write the outbox kept says it will be saved, not that it failed (issue 25)', () => {
  it('the saved searches: a rename kept offline is no alert; discarded, it reads as the failure it was', () => {
    const { store } = renderWithStore(<SavedSearchesPage />, [appStarted(), aliceKnown()]);
    keptOffline(
      store,
      renameRequested({ id: '3', name: 'Lakes' }),
      (origin) =>
        operationFailed({ id: '3', operation: 'rename', message: 'Failed', error: offline }, origin),
      'savedSearches',
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(pending);
    expect(screen.queryByRole('alert')).toBeNull();
    const entryId = store.getState().outbox.entries[0]!.id;
    act(() => {
      store.dispatch(discardRequested({ entryId }));
    });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('the account: a profile save, a language and a preference kept offline are no alerts', () => {
    const { store } = renderWithStore(<AccountPage />, [
      appStarted(),
      aliceKnown(),
      loaded({ profile, headers: null }),
      portalRequested({ namespace: 'vue-app' }),
    ]);
    keptOffline(
      store,
      patchRequested({ changes: { firstname: 'Alicia' } }),
      (origin) => patchFailed({ error: offline }, origin),
      'profile',
    );
    keptOffline(
      store,
      localeChangeRequested({ locale: 'fr' }),
      (origin) => localeChangeFailed({ locale: 'fr', error: offline }, origin),
      'profile',
    );
    keptOffline(
      store,
      setRequested({ input: { pageSize: 96 } }),
      (origin) => saveFailed({ namespace: 'vue-app', name: 'pageSize', error: offline }, origin),
      'preferences',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(pending)).toHaveLength(3);
  });

  it('the share dialog: a link revoked offline is said to be saved when back, not that the revoke failed', () => {
    const link = {
      uuid: 'u1',
      mode: 'link',
      url: 'http://portal/share/u1',
      description: '',
      expires: null,
      actions: ['view'],
      hasPassword: false,
    };
    const { store } = renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
      appStarted(),
      aliceKnown(),
      listLoaded({ carts: [aCart({ id: '6' })] }),
      sharesListed({ cartId: '6', shares: [link] }),
    ]);
    keptOffline(
      store,
      shareRevokeRequested({ cartId: '6', uuid: 'u1' }),
      (origin) => shareRevokeFailed({ cartId: '6', uuid: 'u1', error: offline }, origin),
      'carts',
    );
    expect(screen.getByText(pending)).toBeTruthy();
    expect(screen.queryByText('The link could not be revoked.', { exact: false })).toBeNull();
    const entryId = store.getState().outbox.entries[0]!.id;
    act(() => {
      store.dispatch(discardRequested({ entryId }));
    });
    expect(screen.queryByText(pending)).toBeNull();
    expect(screen.getByText('The link could not be revoked.', { exact: false })).toBeTruthy();
  });
});
