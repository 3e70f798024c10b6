import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemsAddFailed } from '../../../streams/carts/edit-events';
import { listLoaded } from '../../../streams/carts/events';
import type { AnyEvent } from '../../../streams/core/event';
import { whoAmILoaded } from '../../../streams/session/events';
import { AddToCartButton } from '../../../src/carts/add-to-cart-button';
import { VirtualGrid } from '../../../src/ui/virtual-grid';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

describe('AddToCartButton', () => {
  it('opens a chooser of the carts the user may change and adds the asset as an id string', () => {
    const { dispatched } = renderWithStore(<AddToCartButton resource="asset" id={42} name="beach.jpg" />, [
      whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }),
      listLoaded({
        carts: [
          aCart({ id: '1', name: 'Mine' }),
          aCart({ id: '2', name: 'Shared to me', isMine: false, collaborators: ['1'] }),
          aCart({ id: '3', name: 'Public of others', isMine: false, isPrivate: false }),
          aCart({ id: '4', name: 'Has it', items: { asset: ['42'] }, total: 1 }),
        ],
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('dialog', { name: 'Add "beach.jpg" to a cart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Public of others' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Add to Has it' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Shared to me' }));
    const added = dispatched.filter((event) => event.type === 'carts/itemsAddRequested');
    expect(added.map((event) => event.payload)).toEqual([{ cartId: '2', items: { asset: ['42'] } }]);
  });

  it('a failed addition says so in words and offers "Try again", which sends it again', () => {
    const { dispatched, store } = renderWithStore(
      <AddToCartButton resource="asset" id={42} name="beach.jpg" />,
      [
        whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }),
        listLoaded({ carts: [aCart({ id: '1', name: 'Mine' })] }),
      ],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Mine' }));
    const adds = () => dispatched.filter((event) => event.type === 'carts/itemsAddRequested');
    const request = adds()[0] as AnyEvent;
    act(() => {
      store.dispatch(
        itemsAddFailed(
          { cartId: '1', error: { code: 'error.server', message: 'Fault injected on /addCartItems/1' } },
          request,
        ),
      );
    });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.error-message__text')?.textContent).toMatch(/^Could not add\. /);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(adds().map((event) => event.payload)).toEqual([
      { cartId: '1', items: { asset: ['42'] } },
      { cartId: '1', items: { asset: ['42'] } },
    ]);
  });

  it('is not offered to visitors', () => {
    renderWithStore(<AddToCartButton resource="asset" id="1" name="x" />);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});

describe('VirtualGrid', () => {
  const items = Array.from({ length: 10_000 }, (_, index) => `item ${index}`);
  const grid = (onRange = (_: { first: number; last: number }) => undefined) => (
    <VirtualGrid
      items={items}
      label="Items"
      tileWidth={200}
      tileHeight={250}
      gap={12}
      itemKey={(item) => item}
      cellLabel={(item) => item}
      renderTile={(item) => <span>{item}</span>}
      onRangeChange={onRange}
      fallbackSize={{ width: 1060, height: 600 }}
    />
  );

  it('draws only the rows on screen and a few more, and reports the visible range', () => {
    const ranges: { first: number; last: number }[] = [];
    renderWithStore(grid((range) => void ranges.push(range)));
    // 5 columns, 3 rows on screen, 2 rows of overscan below
    expect(screen.getAllByRole('gridcell')).toHaveLength(25);
    expect(screen.getByRole('grid', { name: 'Items' }).getAttribute('aria-rowcount')).toBe('2000');
    expect(ranges.at(-1)).toEqual({ first: 0, last: 14 });
  });

  it('moves between cells with the keyboard, one tab stop at a time', () => {
    renderWithStore(grid());
    const first = screen.getByRole('gridcell', { name: 'item 0' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: 'item 5' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('item 6');
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('item 9999');
    expect(screen.getAllByRole('gridcell').length).toBeLessThan(40);
  });
});
