import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CartPage } from '../../../src/carts/cart-page';
import { cartCursorName } from '../../../streams/carts/cart-cursor';
import { contentModeChosen, itemsListed, itemsListFailed } from '../../../streams/carts/content-events';
import { listLoaded } from '../../../streams/carts/events';
import type { UnstampedEvent } from '../../../streams/core/event';
import { pageLoaded } from '../../../streams/cursors/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const cursorMode = contentModeChosen({ mode: 'cursor' });

function atCart(cartId: string, events: UnstampedEvent[]) {
  return renderWithStore(
    <Router hook={memoryLocation({ path: `/carts/${cartId}` }).hook}>
      <Route path="/carts/:id">
        <CartPage />
      </Route>
    </Router>,
    [alice, ...events],
  );
}

const notFound = { code: 'error.http.404', message: 'Unknown cart 999', status: 404 };

describe('cart page: content mode and the unknown-cart view (seed 002 §4, §8)', () => {
  it('a cart in error in cursor mode shows the unknown view, with Try again and a way back', () => {
    const { dispatched } = atCart('999', [cursorMode, itemsListFailed({ cartId: '999', error: notFound })]);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unknown cart' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to carts' })).toBeTruthy();
    const before = dispatched.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(dispatched.slice(before).map((event) => event.type)).toContain('carts/cartOpened');
  });

  it('in cursor mode the seed\'s "Unknown cart" refusal also shows the unknown view', () => {
    const refused = { code: 'error', message: 'Unknown cart 999' };
    atCart('999', [cursorMode, itemsListFailed({ cartId: '999', error: refused })]);
    expect(screen.getByRole('heading', { name: 'Unknown cart' })).toBeTruthy();
  });

  it('in cursor mode an outage or a dropped connection says the cart could not be read, with Try again', () => {
    const outages = [
      { code: 'error.http.500', message: 'Internal Server Error', status: 500 },
      { code: 'error.network', message: 'Failed to fetch' },
    ];
    for (const error of outages) {
      const { dispatched, unmount } = atCart('999', [cursorMode, itemsListFailed({ cartId: '999', error })]);
      const alert = screen.getByRole('alert');
      expect(within(alert).queryByRole('heading', { name: 'Unknown cart' })).toBeNull();
      expect(alert.textContent).toContain('This cart could not be read.');
      expect(alert.textContent).not.toContain('does not exist');
      const before = dispatched.length;
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(dispatched.slice(before).map((event) => event.type)).toContain('carts/cartOpened');
      unmount();
    }
  });

  it('in French, the outage reads "Ce panier n’a pas pu être lu." with Réessayer', () => {
    const inFrench = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } });
    const error = { code: 'error.http.503', message: 'Service Unavailable', status: 503 };
    atCart('999', [inFrench, cursorMode, itemsListFailed({ cartId: '999', error })]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ce panier n’a pas pu être lu.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('in cart mode the same failure keeps its own words', () => {
    atCart('999', [itemsListFailed({ cartId: '999', error: notFound })]);
    expect(screen.queryByRole('heading', { name: 'Unknown cart' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'This cart does not exist.' })).toBeTruthy();
  });

  it('"Content mode" offers cart, cursor or both; a choice lists the cart again in it', () => {
    const cart = aCart({ id: '7', name: 'Moodboard', items: { asset: ['1', '2'] }, total: 2 });
    const { dispatched } = atCart('7', [listLoaded({ carts: [cart] })]);
    const select = screen.getByRole('combobox', { name: 'Content mode' }) as HTMLSelectElement;
    expect(select.value).toBe('cart');
    expect([...select.options].map((option) => option.value)).toEqual(['cart', 'cursor', 'both']);
    const before = dispatched.length;
    fireEvent.change(select, { target: { value: 'cursor' } });
    expect(dispatched.slice(before).map((event) => [event.type, event.payload])).toEqual([
      ['carts/contentModeChosen', { mode: 'cursor' }],
      ['carts/cartOpened', { cartId: '7' }],
    ]);
  });

  it('cursor mode shows the items of the pages come, the others waiting, in one grid', () => {
    const cart = aCart({ id: '7', name: 'Moodboard', items: { asset: ['1', '2', '3'] }, total: 3 });
    atCart('7', [
      cursorMode,
      listLoaded({ carts: [cart] }),
      itemsListed({ cart, huge: false, chunkSize: 100, contentMode: 'cursor' }),
      pageLoaded({
        name: cartCursorName('7'),
        page: 'first',
        signature: 's',
        resource: 'asset',
        rows: [
          { id: 1, name: 'one.jpg' },
          { id: 2, name: 'two.jpg' },
        ],
        total: 3,
        count: 2,
        nextResultsToken: 'next',
        aggregates: null,
      }),
    ]);
    const grid = screen.getByRole('grid', { name: 'Carts' });
    expect(within(grid).getByRole('gridcell', { name: 'one.jpg' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'two.jpg' })).toBeTruthy();
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(3);
  });
});
