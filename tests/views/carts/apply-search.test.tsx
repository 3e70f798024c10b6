import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CartPage } from '../../../src/carts/cart-page';
import { cartCursorName, cartCursorRegistration } from '../../../streams/carts/cart-cursor';
import { contentModeChosen, itemsListed } from '../../../streams/carts/content-events';
import { listLoaded } from '../../../streams/carts/events';
import type { UnstampedEvent } from '../../../streams/core/event';
import { applied, fulltextChanged, pageLoaded, registrationRequested } from '../../../streams/cursors/events';
import { constraintsSet } from '../../../streams/queries/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const CART = cartCursorName('7');
const cart = aCart({ id: '7', name: 'Moodboard', items: { asset: ['1', '2', '3'] }, total: 3 });

/** Alice on her cart in cursor mode, the search page having left "lake" and one filter. */
const inCursorMode: UnstampedEvent[] = [
  whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }),
  contentModeChosen({ mode: 'cursor' }),
  listLoaded({ carts: [cart] }),
  itemsListed({ cart, huge: false, chunkSize: 100, contentMode: 'cursor' }),
  registrationRequested(cartCursorRegistration('7', 100)),
  registrationRequested({ name: 'search', path: 'dam/data/asset' }),
];
const searched: UnstampedEvent[] = [
  fulltextChanged({ name: 'search', fulltext: 'lake' }),
  constraintsSet({
    name: 'search',
    constraints: { f_assetnature: { field: 'assetnature', operator: 'in', value: [1] } },
  }),
];

function atCart(events: UnstampedEvent[]) {
  return renderWithStore(
    <Router hook={memoryLocation({ path: '/carts/7' }).hook}>
      <Route path="/carts/:id">
        <CartPage />
      </Route>
    </Router>,
    events,
  );
}

const page = (rows: Array<{ id: number; name: string }>) =>
  pageLoaded({
    name: CART,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows,
    total: rows.length,
    count: rows.length,
    nextResultsToken: null,
    aggregates: null,
  });

describe('cart page: "Filter with my current search" (seed 002 §5 applyTo)', () => {
  it("offers the search the search page left, and applies it onto the cart's list query", () => {
    const { dispatched } = atCart([...inCursorMode, ...searched]);
    expect(screen.getByText('Your search: "lake", filters: 1')).toBeTruthy();
    const before = dispatched.length;
    fireEvent.click(screen.getByRole('button', { name: 'Filter with my current search' }));
    expect(dispatched.slice(before).map((event) => [event.type, event.payload])).toEqual([
      ['cursors/applyToRequested', { name: 'search', target: CART }],
    ]);
  });

  it('is not offered without a search to apply, nor outside cursor mode', () => {
    atCart(inCursorMode);
    expect(screen.queryByRole('button', { name: 'Filter with my current search' })).toBeNull();
  });

  it('applied: only the items found are shown, said so, and "Clear search filter" takes it back', () => {
    const { dispatched } = atCart([
      ...inCursorMode,
      ...searched,
      page([
        { id: 1, name: 'lake.jpg' },
        { id: 2, name: 'hill.jpg' },
        { id: 3, name: 'sea.jpg' },
      ]),
      applied({ name: CART, from: 'search', fulltext: 'lake' }),
      page([{ id: 1, name: 'lake.jpg' }]),
    ]);
    const grid = screen.getByRole('grid', { name: 'Carts' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(1);
    expect(within(grid).getByRole('gridcell', { name: 'lake.jpg' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Only the items your current search finds are shown.',
    );
    const before = dispatched.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear search filter' }));
    expect(dispatched.slice(before).map((event) => [event.type, event.payload])).toEqual([
      ['cursors/applyToCleared', { name: CART }],
    ]);
    expect(screen.getByRole('button', { name: 'Filter with my current search' })).toBeTruthy();
  });
});
