import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemsAddFailed } from '../../../streams/carts/edit-events';
import { listLoaded } from '../../../streams/carts/events';
import type { AnyEvent } from '../../../streams/core/event';
import { whoAmILoaded } from '../../../streams/session/events';
import { AddToCartButton } from '../../../src/carts/add-to-cart-button';
import { VirtualGrid, type VirtualGridRange } from '../../../src/ui/virtual-grid';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

describe('AddToCartButton', () => {
  const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });

  it('is a menu button: my carts (recent first), a tick on those the asset is in, an id string added', () => {
    const { dispatched } = renderWithStore(<AddToCartButton resource="asset" id={42} name="beach.jpg" />, [
      alice,
      listLoaded({
        carts: [
          aCart({ id: '1', name: 'Mine', modified: 1000 }),
          aCart({ id: '2', name: 'Shared to me', isMine: false, collaborators: ['1'], modified: 3000 }),
          aCart({ id: '3', name: 'Public of others', isMine: false, isPrivate: false }),
          aCart({ id: '4', name: 'Has it', items: { asset: ['42'] }, total: 1, modified: 2000 }),
        ],
      }),
    ]);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Add "beach.jpg" to a cart' })).toBeTruthy();
    const menu = screen.getByRole('menu', { name: 'Carts' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const names = screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent?.replace('✓', ''));
    expect(names).toEqual(['Shared to me', 'Has it', 'Mine']);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Has it' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'New cart…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Has it' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Shared to me' }));
    const added = dispatched.filter((event) => event.type === 'carts/itemsAddRequested');
    expect(added.map((event) => event.payload)).toEqual([{ cartId: '2', items: { asset: ['42'] } }]);
  });

  it('by keyboard: the filter narrows, arrows move, Enter adds, Escape closes and gives the focus back', () => {
    const { dispatched } = renderWithStore(<AddToCartButton resource="asset" id="7" name="x.jpg" />, [
      alice,
      listLoaded({ carts: [aCart({ id: '1', name: 'Moodboard' }), aCart({ id: '2', name: 'Spring' })] }),
    ]);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const filter = screen.getByRole('textbox', { name: 'Filter carts' });
    expect(document.activeElement).toBe(filter);
    fireEvent.change(filter, { target: { value: 'spr' } });
    expect(screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(['Spring']);
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitemcheckbox', { name: 'Spring' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'New cart…' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(filter);
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(
      dispatched.filter((event) => event.type === 'carts/itemsAddRequested').map((e) => e.payload),
    ).toEqual([{ cartId: '2', items: { asset: ['7'] } }]);
    fireEvent.keyDown(filter, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes when the focus leaves it for another control (Tab), not when it goes back to its button', () => {
    renderWithStore(
      <>
        <AddToCartButton resource="asset" id="7" name="x.jpg" />
        <button type="button">Elsewhere</button>
      </>,
      [alice, listLoaded({ carts: [aCart({ id: '1', name: 'Moodboard' })] })],
    );
    const button = screen.getByRole('button', { name: 'Add to cart' });
    fireEvent.click(button);
    const filter = screen.getByRole('textbox', { name: 'Filter carts' });
    fireEvent.blur(filter, { relatedTarget: button });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.blur(filter, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('"New cart…" takes the filter as the name and asks to create the cart with the asset in it', () => {
    const { dispatched } = renderWithStore(<AddToCartButton resource="asset" id="7" name="x.jpg" />, [
      alice,
      listLoaded({ carts: [aCart({ id: '1', name: 'Moodboard' })] }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter carts' }), { target: { value: 'Trip' } });
    fireEvent.click(screen.getByRole('menuitem', { name: 'New cart "Trip"…' }));
    const name = screen.getByRole('textbox', { name: 'Cart name' }) as HTMLInputElement;
    expect(name.value).toBe('Trip');
    fireEvent.change(name, { target: { value: 'Trip 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and add' }));
    const created = dispatched.filter((event) => event.type === 'carts/createRequested');
    expect(created.map((event) => event.payload)).toEqual([
      { name: 'Trip 2026', description: '', isPrivate: true, collaborators: [], addItems: { asset: ['7'] } },
    ]);
  });

  it('a failed addition says so in words and offers "Try again", which sends it again', () => {
    const { dispatched, store } = renderWithStore(
      <AddToCartButton resource="asset" id={42} name="beach.jpg" />,
      [alice, listLoaded({ carts: [aCart({ id: '1', name: 'Mine' })] })],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Mine' }));
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

  it('offers a visitor sign-in first, coming back to the page', () => {
    renderWithStore(<AddToCartButton resource="asset" id="1" name="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(
      /^\/signin\?relativeURL=/,
    );
  });
});

describe('VirtualGrid', () => {
  const items = Array.from({ length: 10_000 }, (_, index) => `item ${index}`);
  const grid = (onRange = (_: VirtualGridRange) => undefined) => (
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
    const ranges: VirtualGridRange[] = [];
    renderWithStore(grid((range) => void ranges.push(range)));
    // 5 columns, 3 rows on screen, 2 rows of overscan below
    expect(screen.getAllByRole('gridcell')).toHaveLength(25);
    expect(screen.getByRole('grid', { name: 'Items' }).getAttribute('aria-rowcount')).toBe('2000');
    expect(ranges.at(-1)).toEqual({ first: 0, last: 14, columns: 5 });
  });

  it('moves between cells with the keyboard, one tab stop at a time', () => {
    renderWithStore(grid());
    const first = screen.getByRole('gridcell', { name: 'item 0' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: 'item 5' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.firstElementChild?.getAttribute('aria-label')).toBe('item 6');
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    expect(document.activeElement?.firstElementChild?.getAttribute('aria-label')).toBe('item 9999');
    expect(screen.getAllByRole('gridcell').length).toBeLessThan(40);
  });
});
