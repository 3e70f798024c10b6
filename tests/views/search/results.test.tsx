import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchResults } from '../../../src/search/search-results';
import { formatDuration } from '../../../src/search/result-tile';
import { created, itemsAdded } from '../../../streams/carts/edit-events';
import { listLoaded } from '../../../streams/carts/events';
import type { AnyEvent } from '../../../streams/core/event';
import { fetchStarted, pageLoaded, registrationRequested } from '../../../streams/cursors/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { toggled } from '../../../streams/selection/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const uuid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
const image = (id: number) => ({
  id,
  $uuid: uuid(id),
  $resource: 'asset',
  name: `photo ${id}`,
  assetnature: { id: 1, code: 'image', name: 'Image' },
  mimetype: 'image/jpeg',
});
const video = (id: number, duration: number) => ({
  id,
  $uuid: uuid(id),
  $resource: 'asset',
  name: `clip ${id}`,
  assetnature: { id: 2, code: 'video', name: 'Video' },
  mimetype: 'video/mp4',
  duration,
});

/** The search's first page answered: `rows`, of `total` results. */
const answered = (rows: ReturnType<typeof image>[], total = rows.length) => [
  registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  fetchStarted({ name: SEARCH_CURSOR, page: 'first', signature: '1' }),
  pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: '1',
    resource: 'asset',
    rows,
    total,
    count: rows.length,
    nextResultsToken: null,
    aggregates: null,
  }),
];

function results(extra: Parameters<typeof renderWithStore>[1] = []) {
  const rows = [image(1), video(2, 734), image(3), image(4), image(5), image(6)];
  return renderWithStore(<SearchResults />, [
    alice,
    ...answered(rows),
    listLoaded({
      carts: [
        aCart({ id: '10', name: 'Moodboard', items: { asset: ['3'] }, total: 1, modified: 2000 }),
        aCart({ id: '11', name: 'Spring', modified: 1000 }),
        aCart({ id: '12', name: 'Not mine', isMine: false, isPrivate: false, items: { asset: ['1'] } }),
      ],
    }),
    ...extra,
  ]);
}

const cell = (name: string) => screen.getByRole('gridcell', { name });
const ofType = (events: AnyEvent[], type: string) => events.filter((event) => event.type === type);

describe('search results: tiles you can act on', () => {
  it('a tile links to its asset page by name, shows its type, a video its duration, and "In a cart" for my carts', () => {
    results();
    const grid = screen.getByRole('grid', { name: 'Results' });
    expect(grid.getAttribute('aria-describedby')).toBeTruthy();
    const photo = cell('photo 3');
    const link = within(photo).getByRole('link', { name: 'photo 3' });
    expect(link.getAttribute('href')).toBe('/assets/asset/3?from=search');
    expect(photo.textContent).toContain('Image');
    const badge = within(photo).getByText('In a cart');
    expect(badge.getAttribute('title')).toBe('In your carts: Moodboard');
    // a cart shared with me that holds photo 1 is not one of mine
    expect(within(cell('photo 1')).queryByText('In a cart')).toBeNull();
    const clip = cell('clip 2');
    expect(clip.textContent).toContain('Video');
    expect(clip.textContent).toContain('Duration 12:14');
    expect(within(clip).getByRole('checkbox', { name: 'Select' })).toBeTruthy();
    expect(within(clip).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(5)).toBe('0:05');
  });

  it("pointing at a tile or focusing it fetches its asset page's large preview ahead (issue 22)", () => {
    results();
    const preloaded = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map(
        (link) => link.getAttribute('href') ?? '',
      );
    expect(preloaded().some((href) => /[?&]id=3&variation=preview/.test(href))).toBe(false);
    fireEvent.pointerEnter(within(cell('photo 3')).getByRole('link', { name: 'photo 3' }));
    expect(preloaded().some((href) => /[?&]id=3&variation=preview/.test(href))).toBe(true);
    fireEvent.focus(within(cell('clip 2')).getByRole('link', { name: 'clip 2' }));
    expect(preloaded().some((href) => /[?&]id=2&variation=preview/.test(href))).toBe(true);
  });

  it('the grid is one tab stop: only the active tile and its controls are in the tab order', () => {
    results();
    const tabbable = () =>
      [...document.querySelectorAll<HTMLElement>('[role="grid"] *')].filter(
        (element) => element.tabIndex >= 0 && element.getAttribute('tabindex') !== '-1',
      );
    const first = cell('photo 1');
    // the first tile, its link, its checkbox and its "Add to cart"
    expect(tabbable().every((element) => element === first || first.contains(element))).toBe(true);
    expect(tabbable()).toContain(within(first).getByRole('link', { name: 'photo 1' }));
    fireEvent.focus(first);
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = cell('clip 2');
    expect(document.activeElement).toBe(second);
    expect(tabbable().every((element) => element === second || second.contains(element))).toBe(true);
    // End: the row's last tile (5 columns in the 1024 px fallback), Ctrl+End: the last one
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement?.firstElementChild?.getAttribute('aria-label')).toBe('photo 5');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End', ctrlKey: true });
    expect(document.activeElement?.firstElementChild?.getAttribute('aria-label')).toBe('photo 6');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    // Escape from a tile's control goes back to its tile
    const link = within(first).getByRole('link', { name: 'photo 1' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(document.activeElement).toBe(first);
  });

  it('Space selects the focused tile, Shift+Space the range up to it; the cells say they are selected', () => {
    const { dispatched, store } = results();
    const first = cell('photo 1');
    first.focus();
    fireEvent.keyDown(first, { key: ' ' });
    expect(ofType(dispatched, 'selection/toggled').map((event) => event.payload)).toEqual([
      { list: SEARCH_CURSOR, id: '1' },
    ]);
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(cell('clip 2'), { key: 'ArrowRight' });
    fireEvent.keyDown(cell('photo 3'), { key: ' ', shiftKey: true });
    expect(ofType(dispatched, 'selection/rangeSelected').map((event) => event.payload)).toEqual([
      { list: SEARCH_CURSOR, ids: ['1', '2', '3'] },
    ]);
    expect(store.getState().selection.byList[SEARCH_CURSOR]?.ids).toEqual(['1', '2', '3']);
    expect(cell('clip 2').getAttribute('aria-selected')).toBe('true');
    expect(cell('photo 4').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('grid').getAttribute('aria-multiselectable')).toBe('true');
    // a shift-click ranges from the anchor too
    fireEvent.click(within(cell('photo 5')).getByRole('checkbox', { name: 'Select' }), { shiftKey: true });
    expect(ofType(dispatched, 'selection/rangeSelected').at(-1)?.payload).toEqual({
      list: SEARCH_CURSOR,
      ids: ['1', '2', '3', '4', '5'],
    });
  });

  it('Enter opens the focused tile', () => {
    results();
    const third = cell('photo 3');
    third.focus();
    fireEvent.keyDown(third, { key: 'Enter' });
    expect(window.location.pathname).toBe('/assets/asset/3');
    window.history.replaceState(null, '', '/');
  });
});

describe('the selection toolbar', () => {
  const selected = [toggled({ list: SEARCH_CURSOR, id: '2' }), toggled({ list: SEARCH_CURSOR, id: '3' })];

  it('counts, and "Add selection to cart" adds to the cart picked only what it does not hold', async () => {
    const { dispatched } = results(selected);
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(toolbar.textContent).toContain('2 selected');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Add selection to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 assets to a cart' });
    // mine and writable, recently changed first; Moodboard holds one of the two
    const choices = within(dialog)
      .getAllByRole('button', { name: /^Add to / })
      .map((button) => button.textContent);
    expect(choices).toEqual(['Add to Moodboard1 already in it', 'Add to Spring']);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Filter carts' }), {
      target: { value: 'mood' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Add to Moodboard/ }));
    expect(ofType(dispatched, 'carts/itemsAddRequested').map((event) => event.payload)).toEqual([
      { cartId: '10', items: { asset: ['2'] } },
    ]);
  });

  it('"New cart" in the bulk dialog creates a cart holding the selection in one request (issue 28)', async () => {
    const { dispatched } = results(selected);
    fireEvent.click(screen.getByRole('button', { name: 'Add selection to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 assets to a cart' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Filter carts' }), {
      target: { value: 'Press kit' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New cart' }));
    // the filter's text is the name to begin with
    const name = within(dialog).getByRole('textbox', { name: 'Cart name' }) as HTMLInputElement;
    expect(name.value).toBe('Press kit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(ofType(dispatched, 'carts/createRequested').map((event) => event.payload)).toEqual([
      {
        name: 'Press kit',
        description: '',
        isPrivate: true,
        collaborators: [],
        addItems: { asset: ['2', '3'] },
      },
    ]);
  });

  it('"Download selection" puts the selection in a new private cart, then opens its download', async () => {
    const { dispatched, store } = results(selected);
    fireEvent.click(screen.getByRole('button', { name: 'Download selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download selection' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toMatch(/^Selection /);
    fireEvent.change(name, { target: { value: 'For the agency' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const [create] = ofType(dispatched, 'carts/createRequested');
    expect(create?.payload).toEqual({
      name: 'For the agency',
      description: '',
      isPrivate: true,
      collaborators: [],
    });
    act(() => {
      store.dispatch(created({ cart: aCart({ id: '20', name: 'For the agency' }) }, create as AnyEvent));
    });
    const [add] = ofType(dispatched, 'carts/itemsAddRequested');
    expect(add?.payload).toEqual({ cartId: '20', items: { asset: ['2', '3'] } });
    act(() => {
      store.dispatch(
        itemsAdded(
          { cart: aCart({ id: '20', name: 'For the agency', items: { asset: ['2', '3'] }, total: 2 }) },
          add as AnyEvent,
        ),
      );
    });
    expect(await screen.findByRole('dialog', { name: 'Download' })).toBeTruthy();
  });

  it('"Clear selection" clears it', () => {
    const { dispatched } = results(selected);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(ofType(dispatched, 'selection/cleared').map((event) => event.payload)).toEqual([
      { list: SEARCH_CURSOR },
    ]);
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });
});

describe('the total', () => {
  const total = (count: number, me = alice) =>
    renderWithStore(<SearchResults />, [me, ...answered([image(1)], count)]);
  const status = () => screen.getByRole('status').textContent?.replace(/[\u00a0\u202f]/g, ' ');

  it('is a number in the reader locale with its plural form', () => {
    total(1);
    expect(status()).toBe('1 result');
  });

  it('groups digits: "2,000 results", in French "2 000 résultats" and "1 résultat"', () => {
    const { unmount } = total(2000);
    expect(status()).toBe('2,000 results');
    unmount();
    const inFrench = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } });
    const again = total(2000, inFrench);
    expect(status()).toBe('2 000 résultats');
    again.unmount();
    total(1, inFrench);
    expect(status()).toBe('1 résultat');
  });
});
