import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CartPage } from '../../../src/carts/cart-page';
import { CartsPage } from '../../../src/carts/carts-page';
import { dismissToast, getToasts } from '../../../src/ui/toasts';
import { itemsListed, itemsListFailed, viewLoaded } from '../../../streams/carts/content-events';
import { deleted } from '../../../streams/carts/edit-events';
import { listLoaded } from '../../../streams/carts/events';
import type { CartItem } from '../../../streams/carts/model';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const aliceInFrench = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } });

const detail = (id: string, name: string): CartItem => ({
  id,
  resource: 'asset',
  name,
  title: null,
  mimetype: 'image/jpeg',
  nature: 'image',
  filesize: 100,
  width: 10,
  height: 10,
});

const moodboard = aCart({ id: '7', name: 'Moodboard', items: { asset: ['1', '2', '3'] }, total: 3 });
const moodboardShown = [
  alice,
  listLoaded({ carts: [moodboard] }),
  itemsListed({ cart: moodboard, huge: false, chunkSize: 100 }),
  viewLoaded({
    cart: moodboard,
    details: [detail('1', 'one.jpg'), detail('2', 'two.jpg'), detail('3', 'three.jpg')],
    filtered: false,
  }),
];

function atCart(cartId: string) {
  const location = memoryLocation({ path: `/carts/${cartId}`, record: true });
  const ui = (
    <Router hook={location.hook}>
      <Route path="/carts/:id">
        <CartPage />
      </Route>
    </Router>
  );
  return { ui, location };
}

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
});

describe('a cart one may not see says so in words (issue 13)', () => {
  it('missing (404): "This cart does not exist", a link back to the carts and no Retry', () => {
    const { ui } = atCart('99');
    renderWithStore(ui, [
      alice,
      itemsListFailed({
        cartId: '99',
        error: { code: 'error.http.404', message: 'Unknown cart 99', status: 404 },
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'This cart does not exist.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to carts' }).getAttribute('href')).toBe('/carts');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('forbidden (403): "You do not have access to this cart"', () => {
    const { ui } = atCart('12');
    renderWithStore(ui, [
      alice,
      itemsListFailed({ cartId: '12', error: { code: 'error.http.403', message: 'Forbidden', status: 403 } }),
    ]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'You do not have access to this cart.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to carts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('any other failure keeps its Try again', () => {
    const { ui } = atCart('12');
    renderWithStore(ui, [
      alice,
      itemsListFailed({ cartId: '12', error: { code: 'error.network', message: 'Failed to fetch' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('removing items can be undone; the focus moves on (issue 13)', () => {
  it('"Remove from cart" sends the removal at once, moves the focus to the next item, and Undo adds it back', () => {
    const { ui } = atCart('7');
    const { dispatched } = renderWithStore(ui, moodboardShown);
    const first = screen.getByRole('listitem', { name: 'one.jpg' });
    fireEvent.click(within(first).getByRole('button', { name: 'Remove from cart' }));
    expect(
      dispatched.filter((event) => event.type === 'carts/itemsRemoveRequested').map((e) => e.payload),
    ).toEqual([{ cartId: '7', keys: ['asset/1'] }]);
    expect(screen.queryByRole('listitem', { name: 'one.jpg' })).toBeNull();
    const next = within(screen.getByRole('listitem', { name: 'two.jpg' })).getByRole('button', {
      name: 'Remove from cart',
    });
    expect(document.activeElement).toBe(next);

    const toast = getToasts().at(-1);
    expect(toast?.message).toBe('"one.jpg" removed from the cart.');
    expect(toast?.action?.label).toBe('Undo');
    act(() => toast?.action?.run());
    expect(
      dispatched.filter((event) => event.type === 'carts/itemsAddRequested').map((e) => e.payload),
    ).toEqual([{ cartId: '7', items: { asset: ['1'] } }]);
  });

  it('the last item removed: the focus goes to the previous one', () => {
    const { ui } = atCart('7');
    renderWithStore(ui, moodboardShown);
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'three.jpg' })).getByRole('button', {
        name: 'Remove from cart',
      }),
    );
    const previous = within(screen.getByRole('listitem', { name: 'two.jpg' })).getByRole('button', {
      name: 'Remove from cart',
    });
    expect(document.activeElement).toBe(previous);
  });
});

describe('deleting a cart (issue 13)', () => {
  it('asks first, waits for the server, then says "deleted" and goes to the carts', () => {
    const { ui, location } = atCart('7');
    const { dispatched, store } = renderWithStore(ui, moodboardShown);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const request = dispatched.find((event) => event.type === 'carts/deleteRequested');
    expect(request?.payload).toEqual({ cartId: '7' });
    expect(within(dialog).getByRole('status').textContent).toBe('Deleting the cart…');
    expect(location.history?.at(-1)).toBe('/carts/7');
    expect(getToasts()).toEqual([]);
    act(() => {
      if (request) store.dispatch(deleted({ cartId: '7' }, request));
    });
    expect(getToasts().map((toast) => toast.message)).toEqual(['Cart "Moodboard" deleted.']);
    expect(location.history?.at(-1)).toBe('/carts');
  });
});

describe('the carts list: cards (issue 13)', () => {
  it('a card per cart: cover of its first items, count, date in the locale, Expired and Shared badges', () => {
    renderWithStore(<CartsPage />, [
      aliceInFrench,
      listLoaded({
        carts: [
          aCart({
            id: '1',
            name: 'Printemps',
            items: { asset: ['1', '2', '3', '4', '5'] },
            total: 5,
            modified: Date.UTC(2026, 2, 14, 12),
            collaborators: ['2'],
          }),
          aCart({ id: '2', name: 'Vieux', items: { asset: ['9'] }, total: 1, expires: Date.UTC(2020, 0, 1) }),
          aCart({ id: '3', name: 'Vide' }),
        ],
      }),
    ]);
    const mine = screen.getByRole('region', { name: 'Mes paniers' });
    const cards = within(mine).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'Vide',
      'Vieux',
      'Printemps',
    ]);
    const spring = cards[2] as HTMLElement;
    expect(spring.querySelectorAll('.cart-card__cover img')).toHaveLength(4);
    expect(spring.querySelector('.cart-card__cover img')?.getAttribute('src')).toContain('id=1');
    expect(spring.textContent).toContain('5 éléments');
    expect(spring.textContent).toContain('Modifié le 14 mars 2026');
    expect(within(spring).getByText('Partagé')).toBeTruthy();
    const old = cards[1] as HTMLElement;
    expect(old.textContent).toContain('1 élément');
    expect(within(old).getByText('Expiré')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Aucun élément pour l’instant')).toBeTruthy();
  });

  it('no cart at all: an empty state with "New cart"', () => {
    renderWithStore(<CartsPage />, [alice, listLoaded({ carts: [] })]);
    expect(screen.getByText('No carts yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New cart' }));
    expect(screen.getByRole('dialog', { name: 'New cart' })).toBeTruthy();
  });
});
