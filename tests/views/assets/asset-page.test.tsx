import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { ASSET_PATH, AssetPage } from '../../../src/assets/asset-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { assetEventsLoaded } from '../../../streams/analytics/events';
import type { UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import {
  draftChanged,
  facesPreviewLoaded,
  fetchFailed,
  loaded,
  notFound,
  variationsLoaded,
} from '../../../streams/entities/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const asset = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Evening stage ${id}`,
  $resource: 'asset',
  assetnature: { id: 1, code: 'image', name: 'Image' },
  mimetype: 'image/jpeg',
  ...extra,
});

const searchList = (ids: number[]) => [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows: ids.map((id) => asset(id)),
    total: ids.length,
    count: ids.length,
    nextResultsToken: null,
    aggregates: null,
  }),
];

function openAsset(id: number, search: string, events: UnstampedEvent[] = []) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <Route path="/assets/:resource/:id" component={AssetPage} />
    </Router>,
    [navigated({ path: `/assets/asset/${id}`, search, via: 'link' }), ...events],
  );
}

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, role: { watermark: false } } });

const types = (dispatched: { type: string }[]) => dispatched.map((event) => event.type);

describe('asset page', () => {
  it('asks the entity when opened, a skeleton meanwhile; once found its variations and usage, and logs one view', () => {
    const { dispatched, store } = openAsset(12, '');
    expect(screen.getByRole('status').textContent).toBe('Loading the asset…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(types(dispatched)).toEqual(['entities/fetchRequested']);
    const fetch = dispatched.find((event) => event.type === 'entities/fetchRequested');
    expect(fetch?.payload).toMatchObject({ path: ASSET_PATH, id: '12' });
    act(() => store.dispatch(loaded({ path: ASSET_PATH, id: '12', data: asset(12) })));
    const asked = types(dispatched);
    expect(asked).toEqual(
      expect.arrayContaining([
        'entities/variationsRequested',
        'analytics/objectViewed',
        'analytics/assetEventsRequested',
      ]),
    );
    expect(asked.filter((type) => type === 'analytics/objectViewed')).toHaveLength(1);
  });

  it('an asset that answers 404 asks nothing more and is not logged as viewed (issue 26)', () => {
    const { dispatched, store } = openAsset(99, '');
    act(() => store.dispatch(notFound({ path: ASSET_PATH, id: '99' })));
    expect(types(dispatched).filter((type) => type !== 'entities/notFound')).toEqual([
      'entities/fetchRequested',
    ]);
  });

  it("shows the asset's name as the heading and the preview picture named by it", () => {
    openAsset(12, '', [alice, loaded({ path: ASSET_PATH, id: '12', data: asset(12) })]);
    expect(screen.getByRole('heading', { level: 1, name: 'Evening stage 12' })).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Evening stage 12' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('variation=preview');
    expect(img.getAttribute('src')).not.toContain('_w');
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('a watermarked viewer gets the _w preview', () => {
    openAsset(12, '', [
      whoAmILoaded({ me: { id: 3, login: 'carol', isUser: true, role: { watermark: true } } }),
      loaded({ path: ASSET_PATH, id: '12', data: asset(12) }),
    ]);
    const img = screen.getByRole('img', { name: 'Evening stage 12' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('variation=preview_w');
  });

  it('a missing asset shows the error view with code 404', () => {
    openAsset(99, '', [notFound({ path: ASSET_PATH, id: '99' })]);
    expect(screen.getByRole('heading', { level: 1, name: 'An error occured!' })).toBeTruthy();
    expect(document.querySelector('.error-view code')?.textContent).toContain('404');
  });

  it('a failure says so with "Try again", which asks the entity again', () => {
    const { dispatched } = openAsset(12, '', [
      fetchFailed({ path: ASSET_PATH, id: '12', error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    expect(screen.getByRole('alert').textContent).toContain('The asset could not be loaded.');
    const before = types(dispatched).filter((type) => type === 'entities/fetchRequested').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(types(dispatched).filter((type) => type === 'entities/fetchRequested').length).toBe(before + 1);
  });

  it('links to the previous and next result of the search it came from, and the arrow keys step', () => {
    const { store } = openAsset(7, '?from=search', [
      ...searchList([5, 7, 9]),
      loaded({ path: ASSET_PATH, id: '7', data: asset(7) }),
    ]);
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/assets/asset/5?from=search',
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/assets/asset/9?from=search',
    );
    act(() => {
      fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    });
    expect(store.getState().router).toEqual({ path: '/assets/asset/9', search: '?from=search' });
    act(() => {
      store.dispatch(loaded({ path: ASSET_PATH, id: '9', data: asset(9) }));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Evening stage 9' })).toBeTruthy();
    // the last result has no "Next"
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' })).toBeTruthy();
  });

  it("fetches the next result's large preview ahead (issue 22)", () => {
    openAsset(7, '?from=search', [
      ...searchList([5, 7, 9]),
      loaded({ path: ASSET_PATH, id: '7', data: asset(7) }),
    ]);
    const preloaded = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloaded.some((href) => /[?&]id=9&variation=preview/.test(href ?? ''))).toBe(true);
    expect(preloaded.some((href) => /[?&]id=5&/.test(href ?? ''))).toBe(false);
  });

  it('has no previous or next when not opened from a list', () => {
    openAsset(7, '', [...searchList([5, 7, 9]), loaded({ path: ASSET_PATH, id: '7', data: asset(7) })]);
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('shows the views and downloads as figures and as a chart named by them', () => {
    openAsset(12, '', [
      loaded({ path: ASSET_PATH, id: '12', data: asset(12) }),
      assetEventsLoaded({
        resource: 'asset',
        id: '12',
        list: [
          { key: 'view', count: 41, caption: 'Views' },
          { key: 'download', count: 6, caption: 'Downloads' },
        ],
      }),
    ]);
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(usage.querySelector('dl')?.textContent).toBe('Views41Downloads6');
    expect(screen.getByRole('img', { name: 'Views: 41, downloads: 6' })).toBeTruthy();
  });

  it('lists one download link per variation, named for people (issue 28), with its dimensions', () => {
    openAsset(12, '', [
      loaded({ path: ASSET_PATH, id: '12', data: asset(12) }),
      variationsLoaded({
        resource: 'asset',
        id: '12',
        variations: [
          { name: 'original', width: 6000, height: 4000, filesize: 5_000_000 },
          { name: 'thumbnailBig_w', width: 1200, height: 800 },
          { name: 'page2' },
          { name: 'preview_thumbnail_gif' },
          { name: 'web1080', label: 'Web, 1080 px' },
        ],
      }),
    ]);
    const region = screen.getByRole('region', { name: 'Variations' });
    const links = [...region.querySelectorAll('a')];
    // the server's label first, then the portal's name of a known variation, else the name made readable
    expect(links.map((link) => link.textContent)).toEqual([
      'Original',
      'Large thumbnail',
      'Page 2',
      'Preview thumbnail gif',
      'Web, 1080 px',
    ]);
    expect(links[0]?.getAttribute('href')).toContain('download=true');
    expect(region.textContent).toContain('6000 × 4000 px');
  });

  it('shows the pages of a document as a strip of pictures', () => {
    openAsset(3, '', [
      loaded({
        path: ASSET_PATH,
        id: '3',
        data: asset(3, {
          assetnature: { id: 3, code: 'document', name: 'Document' },
          mimetype: 'application/pdf',
        }),
      }),
      variationsLoaded({
        resource: 'asset',
        id: '3',
        variations: [{ name: 'page2', kind: 'page' }, { name: 'page1', kind: 'page' }, { name: 'preview' }],
      }),
    ]);
    const pages = screen.getByRole('list', { name: 'Pages' }).querySelectorAll('img');
    expect([...pages].map((img) => img.getAttribute('alt'))).toEqual([
      'Evening stage 3',
      'Evening stage 3, page 2',
    ]);
    expect(pages[1]?.getAttribute('src')).toContain('variation=page2');
  });

  it('zooms one page of a document: "Zoom page 2" opens it in the zoomable viewer, "All pages" comes back to its button', () => {
    openAsset(3, '', [
      loaded({
        path: ASSET_PATH,
        id: '3',
        data: asset(3, {
          assetnature: { id: 3, code: 'document', name: 'Document' },
          mimetype: 'application/pdf',
        }),
      }),
      variationsLoaded({
        resource: 'asset',
        id: '3',
        variations: [
          { name: 'page1', kind: 'page' },
          { name: 'page2', kind: 'page' },
        ],
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom page 2' }));
    expect(screen.queryByRole('list', { name: 'Pages' })).toBeNull();
    const page = screen.getByRole('img', { name: 'Evening stage 3, page 2' });
    expect(page.getAttribute('src')).toContain('variation=page2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    const back = screen.getByRole('button', { name: 'All pages' });
    expect(document.activeElement).toBe(back);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('Zoom 125%')).toBeTruthy();

    fireEvent.click(back);
    expect(screen.getByRole('list', { name: 'Pages' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zoom page 2' }));
  });

  it('plays a video in the browser', () => {
    openAsset(2, '', [
      loaded({
        path: ASSET_PATH,
        id: '2',
        data: asset(2, { assetnature: { id: 2, code: 'video', name: 'Video' }, mimetype: 'video/mp4' }),
      }),
    ]);
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toContain('variation=video_w');
    expect(video?.hasAttribute('controls')).toBe(true);
  });

  it('offers "Show faces" only when the asset has faces, and draws them when pressed', () => {
    openAsset(12, '', [
      loaded({
        path: ASSET_PATH,
        id: '12',
        data: asset(12, { '$faces-1': { name: 'Ada', x: 0.1, y: 0.1, w: 0.2, h: 0.2 } }),
      }),
    ]);
    const toggle = screen.getByRole('button', { name: 'Show faces' });
    expect(screen.queryByRole('img', { name: 'Ada' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Ada' })).toBeTruthy();
  });

  it('with unsaved changes, previews the faces they would give (?simu=true) and draws those', () => {
    const { dispatched, store } = openAsset(12, '', [
      alice,
      loaded({
        path: ASSET_PATH,
        id: '12',
        data: asset(12, { '$faces-1': { name: 'Ada', x: 0.1, y: 0.1, w: 0.2, h: 0.2 } }),
      }),
    ]);
    expect(screen.queryByRole('button', { name: 'Preview faces with the changes' })).toBeNull();
    act(() => {
      store.dispatch(draftChanged({ path: ASSET_PATH, id: '12', field: 'title', value: 'Renamed', at: 1 }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview faces with the changes' }));
    expect(
      dispatched.filter((event) => event.type === 'entities/facesPreviewRequested').map((e) => e.payload),
    ).toEqual([{ path: ASSET_PATH, id: '12' }]);
    act(() => {
      store.dispatch(
        facesPreviewLoaded({
          path: ASSET_PATH,
          id: '12',
          faces: {
            '$faces-1': { name: 'Ada', x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
            '$faces-2': { name: 'Bruno', x: 0.5, y: 0.1, w: 0.2, h: 0.2 },
          },
        }),
      );
    });
    expect(screen.getByText('Faces with the unsaved changes: 2')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Bruno' })).toBeTruthy();
  });
});
