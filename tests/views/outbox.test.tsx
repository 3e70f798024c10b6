import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../../src/app/header';
import { ERROR_CODES } from '../../streams/core/errors';
import { type OutboxEntry, queued, restored } from '../../streams/outbox/events';
import { appStarted } from '../helpers/app-started';
import { aliceKnown } from '../helpers/identities';
import { renderWithStore } from '../helpers/render';

const entry = (id: string, name: string, state: OutboxEntry['state'] = 'waiting'): OutboxEntry => ({
  id,
  type: 'carts/editRequested',
  payload: { cartId: '7', name, description: '', isPrivate: true },
  domain: 'carts',
  label: { key: 'outbox.carts.edit', values: { name } },
  queuedAt: 0,
  attempts: 0,
  error: { code: ERROR_CODES.network, message: 'Failed to fetch' },
  state,
});

const kept = [
  appStarted(),
  aliceKnown(),
  restored({ user: '1', entries: [entry('r1', 'Moodboard offline')] }),
];

describe('the header says what the outbox holds (issue 25)', () => {
  it('nothing kept: no count, no "Pending changes"', () => {
    renderWithStore(<Header />, [appStarted(), aliceKnown()]);
    expect(screen.queryByRole('button', { name: 'Pending changes' })).toBeNull();
  });

  it('"N changes waiting" as a status, and "Pending changes" lists each with Retry and Discard', async () => {
    const { dispatched } = renderWithStore(<Header />, [
      ...kept,
      queued({ entry: entry('r2', 'Trip to Lyon', 'refused') }),
    ]);
    expect((await screen.findByText('2 changes waiting')).getAttribute('role')).toBe('status');
    // the count a phone shows on the button is hidden from its name: the status says it in words
    const open = screen.getByRole('button', { name: 'Pending changes' });
    expect(open.querySelector('[aria-hidden="true"].outbox-status__badge')?.textContent).toBe('2');
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Pending changes' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.outbox-list__label')?.textContent)).toEqual([
      'Save the cart “Moodboard offline”',
      'Save the cart “Trip to Lyon”',
    ]);
    expect(within(items[0]!).getByText('Will be saved when you are back online.')).toBeTruthy();
    expect(within(items[1]!).getByText(/^The server refused it:/)).toBeTruthy();
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Retry' }));
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Discard' }));
    expect(
      dispatched.filter((event) => event.meta.source === 'ui').map((event) => [event.type, event.payload]),
    ).toEqual([
      ['outbox/retryRequested', { entryId: 'r2' }],
      ['outbox/discardRequested', { entryId: 'r1' }],
    ]);
    expect(await screen.findByText('1 change waiting')).toBeTruthy();
  });

  it('a conflict shows both versions in words, with "Keep mine" and "Keep theirs"; a vanished cart only "Discard"', async () => {
    const version = (name: string) => ({
      key: 'outbox.carts.versionPrivate',
      values: { name, description: '' },
    });
    const changed: OutboxEntry = {
      ...entry('c1', 'Mine'),
      state: 'conflict',
      conflict: { yours: version('Mine'), theirs: version('Theirs'), fold: null },
    };
    const gone: OutboxEntry = {
      ...entry('c2', 'Trip to Lyon'),
      state: 'conflict',
      conflict: { yours: version('Trip to Lyon'), theirs: null, fold: null },
    };
    const { dispatched } = renderWithStore(<Header />, [
      appStarted(),
      aliceKnown(),
      restored({ user: '1', entries: [changed, gone] }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pending changes' }));
    const [first, second] = within(screen.getByRole('dialog', { name: 'Pending changes' })).getAllByRole(
      'listitem',
    );
    expect(within(first!).getByText('Changed on the server since you made this change.')).toBeTruthy();
    const terms = [...first!.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ['Yours', '“Mine”, private, description “”'],
      ['On the server', '“Theirs”, private, description “”'],
    ]);
    expect(within(first!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(second!).getByText('It no longer exists on the server.')).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: 'Keep mine' })).toBeNull();
    // "Keep theirs" leaves the entry to the epic that folds the server's version; "Keep mine" sends it
    await userEvent.click(within(first!).getByRole('button', { name: 'Keep theirs' }));
    await userEvent.click(within(first!).getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(within(second!).getByRole('button', { name: 'Discard' }));
    expect(
      dispatched.filter((event) => event.meta.source === 'ui').map((event) => [event.type, event.payload]),
    ).toEqual([
      ['outbox/conflictSettled', { entryId: 'c1', keep: 'theirs' }],
      ['outbox/conflictSettled', { entryId: 'c1', keep: 'mine' }],
      ['outbox/discardRequested', { entryId: 'c2' }],
    ]);
  });

  it('"Sign out" with writes waiting asks first: keep them, or discard them', async () => {
    const { dispatched } = renderWithStore(<Header />, kept);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not saved yet' });
    expect(dispatched.some((event) => event.type === 'session/signOutRequested')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard them and sign out' }));
    expect(dispatched.filter((event) => event.meta.source === 'ui').map((event) => event.type)).toEqual([
      'outbox/discardAllRequested',
      'session/signOutRequested',
    ]);
  });

  it('a kept metadata save names the asset by the name kept with it, in English and in French', async () => {
    const save: OutboxEntry = {
      ...entry('m1', 'unused'),
      type: 'entities/draftSaveRequested',
      payload: { path: 'dam/data/asset', id: 5 },
      domain: 'entities',
      label: { key: 'outbox.entities.saveNamed', values: { name: 'Lake.jpg' } },
    };
    for (const [locale, words] of [
      ['en', 'Save the metadata of “Lake.jpg”'],
      ['fr', 'Enregistrer les métadonnées de « Lake.jpg »'],
    ] as const) {
      const { unmount } = renderWithStore(<Header />, [
        appStarted(),
        aliceKnown(locale),
        restored({ user: '1', entries: [save] }),
      ]);
      await userEvent.click(
        await screen.findByRole('button', { name: /^(Pending changes|Modifications en attente)$/ }),
      );
      expect(screen.getByRole('dialog').querySelector('.outbox-list__label')?.textContent).toBe(words);
      unmount();
    }
  });
});
