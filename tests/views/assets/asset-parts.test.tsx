import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assetHref, parseFrom, selectNeighbour } from '../../../src/assets/neighbours';
import { UsageChart } from '../../../src/assets/usage-chart';
import { ZoomableImage } from '../../../src/assets/zoomable-image';
import { listLoaded } from '../../../streams/carts/events';
import * as cursors from '../../../streams/cursors/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { whoAmILoaded } from '../../../streams/session/events';
import { fold } from '../../helpers/marbles';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const searchList = (ids: number[]) => [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows: ids.map((id) => ({ id, name: `asset ${id}`, $resource: 'asset' })),
    total: ids.length,
    count: ids.length,
    nextResultsToken: null,
    aggregates: null,
  }),
];

const layer = () => document.querySelector('.asset-zoom__layer') as HTMLElement;

describe('ZoomableImage', () => {
  it('zooms in and out with its buttons, the keys + − 0 and the wheel, by a CSS transform', () => {
    renderWithStore(<ZoomableImage src="/a.svg" alt="beach.jpg" />);
    expect(screen.getByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(layer().style.transform).toContain('scale(1)');
    expect((screen.getByRole('button', { name: 'Fit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(layer().style.transform).toContain('scale(1.25)');
    fireEvent.keyDown(document.body, { key: '+' });
    expect(layer().style.transform).toContain('scale(1.5625)');
    fireEvent.keyDown(document.body, { key: '-' });
    expect(layer().style.transform).toContain('scale(1.25)');
    fireEvent.keyDown(document.body, { key: '0' });
    expect(layer().style.transform).toContain('scale(1)');
    fireEvent.wheel(document.querySelector('.asset-zoom__viewport') as HTMLElement, { deltaY: -100 });
    expect(layer().style.transform).toContain('scale(1.25)');
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(layer().style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('leaves the keys alone while typing in a field', () => {
    renderWithStore(
      <>
        <input aria-label="Note" />
        <ZoomableImage src="/a.svg" alt="beach.jpg" />
      </>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: '+' });
    expect(layer().style.transform).toContain('scale(1)');
  });

  it('draws the faces as boxes placed by their fractions of the picture', () => {
    renderWithStore(
      <ZoomableImage
        src="/a.svg"
        alt="team.jpg"
        showFaces
        faces={[{ name: 'Ada', x: 0.1, y: 0.2, w: 0.3, h: 0.25 }]}
      />,
    );
    const face = screen.getByRole('img', { name: 'Ada' });
    expect(face.style.left).toBe('10%');
    expect(face.style.top).toBe('20%');
    expect(face.style.width).toBe('30%');
    expect(face.style.height).toBe('25%');
  });
});

describe('UsageChart', () => {
  it('is an svg image named by its figures', () => {
    renderWithStore(<UsageChart views={12} downloads={3} />);
    const chart = screen.getByRole('img', { name: 'Views: 12, downloads: 3' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
  });
});

describe('Previous and next (selectNeighbour)', () => {
  it('reads the neighbours in the search list, none past the ends or outside a list', () => {
    const state = fold(searchList([5, 7, 9]));
    expect(selectNeighbour(state, 'search', 'asset', '7', -1)).toBe('asset/5');
    expect(selectNeighbour(state, 'search', 'asset', '7', 1)).toBe('asset/9');
    expect(selectNeighbour(state, 'search', 'asset', '5', -1)).toBeNull();
    expect(selectNeighbour(state, 'search', 'asset', '9', 1)).toBeNull();
    expect(selectNeighbour(state, null, 'asset', '7', 1)).toBeNull();
    expect(selectNeighbour(state, 'search', 'asset', '404', 1)).toBeNull();
  });

  it("reads a cart's items in the cart's order", () => {
    const state = fold([
      whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }),
      listLoaded({ carts: [aCart({ id: '3', name: 'Mine', items: { asset: ['4', '2', '8'] }, total: 3 })] }),
    ]);
    expect(selectNeighbour(state, 'cart-3', 'asset', '2', -1)).toBe('asset/4');
    expect(selectNeighbour(state, 'cart-3', 'asset', '2', 1)).toBe('asset/8');
    expect(selectNeighbour(state, 'cart-4', 'asset', '2', 1)).toBeNull();
  });

  it('keeps the list in the address of a neighbour', () => {
    expect(assetHref('asset/9', 'search')).toBe('/assets/asset/9?from=search');
    expect(assetHref('asset/9', 'cart-3')).toBe('/assets/asset/9?from=cart-3');
    expect(assetHref('asset/9', null)).toBe('/assets/asset/9');
    expect(parseFrom('cart-')).toBeNull();
    expect(parseFrom('elsewhere')).toBeNull();
  });
});
