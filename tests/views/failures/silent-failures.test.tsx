import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreferencesForm } from '../../../src/account/preferences-form';
import { AvailabilityNotice } from '../../../src/app/app-unavailable';
import { availabilityCheckFailed, availabilityRequested } from '../../../streams/app/events';
import { ProfileForm } from '../../../src/account/profile-form';
import { NotificationsPage } from '../../../src/notifications/notifications-page';
import { SavedSearchesPage } from '../../../src/saved-searches/saved-searches-page';
import { SearchBox } from '../../../src/search/search-box';
import { SearchResults } from '../../../src/search/search-results';
import { inputChanged, wordsFailed } from '../../../streams/typeahead/events';
import { loaded as profileLoaded, patchFailed } from '../../../streams/profile/events';
import { listFailed as savedSearchesListFailed } from '../../../streams/saved-searches/events';
import { NotificationsBadge } from '../../../src/notifications/notifications-badge';
import { FacetPanel } from '../../../src/search/facet-panel';
import { AccountMenu } from '../../../src/session/account-menu';
import { constraintRegistered, fetchFailed, fetchStarted } from '../../../streams/aggregates/events';
import type { AppEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import {
  listFailed as notificationsListFailed,
  unreadCounted,
  unreadCountFailed,
} from '../../../streams/notifications/events';
import {
  fetchStarted as preferenceFetchStarted,
  loadFailed,
  portalRequested,
  saveFailed,
} from '../../../streams/preferences/events';
import { EMPTY_SEARCH, SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { whoAmIFailed, whoAmIRequested } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

/** `fold` stamps the n-th event with the id `e<n>`: the origin of an answer to it. */
const nth = (n: number) => ({ meta: { id: `e${n}` } }) as Pick<AppEvent, 'meta'>;
const network = { code: 'error.network', message: 'Failed to fetch' };
const fault = { code: 'error.http.500', message: 'Fault injected on GET /api/wedia/x', status: 500 };
const textOf = (notice: HTMLElement) => notice.querySelector('.error-message__text')?.textContent ?? '';
const typesOf = (dispatched: AppEvent[]) => dispatched.map((event) => [event.type, event.payload]);

describe('background reads that failed are no longer silent (issue 12 item 12)', () => {
  it('who-am-I: a small notice in the header says so in words, the raw message behind Details, and asks again', () => {
    const { dispatched } = renderWithStore(<AccountMenu />, [
      appStarted(),
      whoAmIRequested({}),
      whoAmIFailed({ error: network }, nth(2)),
    ]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toBe(
      'The portal could not check who you are. The server could not be reached. Check your connection and try again.',
    );
    expect(textOf(notice)).not.toContain('Failed to fetch');
    expect(notice.querySelector('details')?.textContent).toContain('Failed to fetch');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['session/whoAmIRetryRequested', {}]]);
  });

  it('who-am-I in French', () => {
    renderWithStore(<AccountMenu />, [appStarted({ locale: 'fr' }), whoAmIFailed({ error: fault })]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toMatch(/^Le portail n’a pas pu vérifier qui vous êtes\. \S/);
    expect(textOf(notice)).not.toContain('The server');
    expect(textOf(notice)).not.toContain('Fault injected');
    expect(within(notice).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('availability: a failed check lets the portal go on, says it could not check, and checks again', () => {
    const { dispatched } = renderWithStore(<AvailabilityNotice />, [
      appStarted(),
      availabilityRequested({}),
      availabilityCheckFailed({ error: fault }, nth(2)),
    ]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toBe(
      'The portal could not check whether the application is available. The server failed while handling the request.',
    );
    expect(notice.querySelector('details')?.textContent).toContain('Fault injected');
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['app/availabilityRetryRequested', {}]]);
  });

  it('typeahead: suggestions that failed say so under the box, and a retry asks them again', () => {
    const { dispatched } = renderWithStore(<SearchBox value="mount" onSearch={() => undefined} />, [
      appStarted(),
      cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
      inputChanged({ name: SEARCH_CURSOR, text: 'mount' }),
      wordsFailed({ name: SEARCH_CURSOR, text: 'mount', error: network }),
    ]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toBe(
      'No suggestions: they could not be read. The server could not be reached. Check your connection and try again.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['typeahead/inputChanged', { name: SEARCH_CURSOR, text: 'mount' }]]);
  });

  it('the unread count: a notice beside the badge, the last count stays, and a retry asks it again', () => {
    const { dispatched } = renderWithStore(<NotificationsBadge />, [
      appStarted(),
      aliceKnown(),
      unreadCounted({ count: 3 }),
      unreadCountFailed({ error: fault }),
    ]);
    expect(screen.getByRole('status', { name: '3 unread notifications' }).textContent).toBe('3');
    const notice = document.querySelector('.error-message') as HTMLElement;
    expect(notice.getAttribute('role')).toBe('status');
    expect(textOf(notice)).toBe(
      'The unread notifications could not be counted. The server failed while handling the request.',
    );
    expect(notice.querySelector('details')?.textContent).toContain('Fault injected on GET /api/wedia/x');
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['notifications/unreadCountRequested', {}]]);
  });

  it('the unread count: a count that never came still says why; a later count clears the notice', () => {
    const { store } = renderWithStore(<NotificationsBadge />, [
      appStarted(),
      aliceKnown('fr'),
      unreadCountFailed({ error: network }),
    ]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toMatch(/^Les notifications non lues n’ont pas pu être comptées\. /);
    fireEvent.click(within(notice).getByRole('button', { name: 'Réessayer' }));
    act(() => store.dispatch(unreadCounted({ count: 0 })));
    expect(document.querySelector('.error-message')).toBeNull();
  });

  it('facet and category counts: a notice in the filters panel with a retry that asks the counts afresh', () => {
    const { dispatched } = renderWithStore(<FacetPanel params={EMPTY_SEARCH} onChange={() => undefined} />, [
      cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
      constraintRegistered({
        cursor: SEARCH_CURSOR,
        key: 'assetnature',
        field: 'assetnature',
        operator: 'in',
      }),
      fetchStarted({ cursor: SEARCH_CURSOR, reset: true, signature: 'a' }),
      fetchFailed({ cursor: SEARCH_CURSOR, error: fault }, nth(3)),
    ]);
    const notice = screen.getByRole('status');
    expect(textOf(notice)).toBe(
      'The counts of the filters and categories could not be read. The server failed while handling the request.',
    );
    expect(notice.querySelector('details')?.textContent).toContain('Fault injected');
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['aggregates/retryRequested', { cursor: SEARCH_CURSOR }]]);
  });

  it('a failed preference read says it could not be read (not saved), and reads it again', () => {
    const { dispatched } = renderWithStore(<PreferencesForm />, [
      appStarted(),
      aliceKnown(),
      portalRequested({ namespace: 'portal' }),
      preferenceFetchStarted({ namespace: 'portal', name: 'pageSize' }),
      loadFailed({ namespace: 'portal', name: 'pageSize', error: fault }),
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('could not be saved');
    const notice = document.querySelector('.error-message') as HTMLElement;
    expect(notice.getAttribute('role')).toBe('status');
    expect(textOf(notice)).toBe(
      'Your preferences could not be read. The server failed while handling the request.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(typesOf(dispatched)).toEqual([['preferences/reloadRequested', { name: 'pageSize' }]]);
  });

  it('a failed preference save still says it could not be saved, in words, in French too', () => {
    renderWithStore(<PreferencesForm />, [
      appStarted(),
      aliceKnown('fr'),
      portalRequested({ namespace: 'portal' }),
      saveFailed({ namespace: 'portal', name: 'gridDensity', error: network }),
    ]);
    const alert = screen.getByRole('alert');
    expect(textOf(alert)).toMatch(/^Une préférence n’a pas pu être enregistrée\. /);
    expect(textOf(alert)).not.toContain('Failed to fetch');
  });
});

describe('the other alerts say what failed in words, the raw text behind Details (issue 12 item 12)', () => {
  const raw = (alert: HTMLElement) => alert.querySelector('details')?.textContent ?? '';
  const cases: Array<[string, () => ReturnType<typeof renderWithStore>, string, string | null]> = [
    [
      'the search',
      () =>
        renderWithStore(<SearchResults />, [
          cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
          cursors.fetchFailed({ name: SEARCH_CURSOR, page: 'first', error: network }),
        ]),
      'The search failed. The server could not be reached. Check your connection and try again.',
      'cursors/fetchRequested',
    ],
    [
      'the profile',
      () =>
        renderWithStore(<ProfileForm />, [
          appStarted(),
          aliceKnown(),
          profileLoaded({ profile: { id: 1, login: 'alice', firstname: 'Alice' }, headers: null }),
          patchFailed({ error: fault }),
        ]),
      'Your profile could not be saved. The server failed while handling the request.',
      null,
    ],
    [
      'the notifications',
      () =>
        renderWithStore(<NotificationsPage />, [
          appStarted(),
          aliceKnown(),
          notificationsListFailed({ error: fault }),
        ]),
      'The notifications could not be loaded or changed. The server failed while handling the request.',
      'notifications/listRequested',
    ],
    [
      'the saved searches',
      () =>
        renderWithStore(<SavedSearchesPage />, [
          appStarted(),
          aliceKnown(),
          savedSearchesListFailed({ message: 'Failed to retrieve searches', error: network }),
        ]),
      'The saved searches could not be loaded. The server could not be reached. Check your connection and try again.',
      'savedSearches/listRequested',
    ],
  ];
  it.each(cases)('%s', (_name, render, words, retry) => {
    const { dispatched } = render();
    const alert = screen.getByRole('alert');
    expect(textOf(alert)).toBe(words);
    expect(raw(alert)).toMatch(/Failed to fetch|Fault injected/);
    expect(alert.textContent?.replace(raw(alert), '')).not.toMatch(/Failed to fetch|Fault injected/);
    if (retry) {
      dispatched.length = 0;
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(dispatched.map((event) => event.type)).toContain(retry);
    }
  });
});
