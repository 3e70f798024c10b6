import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { ASSET_PATH, AssetPage } from '../../../src/assets/asset-page';
import { ServerPlayer } from '../../../src/assets/server-player';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import { loaded } from '../../../streams/entities/events';
import {
  actionsListed,
  fetchFailed,
  frameDisplayed,
  loadingShown,
  loaded as mediaLoaded,
} from '../../../streams/players/events';
import { navigated } from '../../../streams/router/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const VIDEO = {
  id: 2,
  name: 'Harbour at dawn 000002',
  $resource: 'asset',
  assetnature: { id: 2, code: 'video', name: 'Video' },
  mimetype: 'video/mp4',
};
const IMAGE = {
  ...VIDEO,
  id: 1,
  name: 'Beach 000001',
  assetnature: { id: 1, code: 'image', name: 'Image' },
  mimetype: 'image/jpeg',
};

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, role: { watermark: false } } });

function openAsset(data: typeof VIDEO, events: UnstampedEvent[] = []) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <Route path="/assets/:resource/:id" component={AssetPage} />
    </Router>,
    [
      navigated({ path: `/assets/asset/${data.id}`, search: '', via: 'link' }),
      alice,
      loaded({ path: ASSET_PATH, id: String(data.id), data }),
      ...events,
    ],
  );
}

const ofType = (dispatched: AnyEvent[], type: string) => dispatched.filter((event) => event.type === type);

/** The cache key the view's last ask of `kind` went under (the reducer keeps it). */
const keyOf = (store: ReturnType<typeof openAsset>['store'], kind: string, id = '2') =>
  store.getState().players.keyOf[`${kind}:asset|${id}`] as string;

afterEach(() => vi.unstubAllGlobals());

describe('the media description on the asset page (protocol §13.1 describeMedia)', () => {
  it('asks it for a video and shows what it says in words', () => {
    const { store, dispatched } = openAsset(VIDEO);
    expect(ofType(dispatched, 'players/descriptionRequested').at(-1)?.payload).toEqual({
      resource: 'asset',
      id: '2',
    });
    expect(screen.getByRole('region', { name: 'Media' }).textContent).toContain(
      'Reading the media description…',
    );
    act(() => {
      store.dispatch(
        mediaLoaded({
          key: keyOf(store, 'description'),
          kind: 'description',
          data: {
            id: '2',
            mediaType: 'video',
            duration: 4,
            width: 320,
            height: 180,
            container: 'webm',
            codecs: { video: 'vp8' },
            hasAudio: false,
            size: 39_753,
            sources: [{ url: 'x', mimetype: 'video/webm' }],
            bitrate: 80,
          },
          fetchedAt: 0,
        }),
      );
    });
    const facts = [...screen.getByRole('region', { name: 'Media' }).querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Type', 'video'],
      ['Duration', '0:04'],
      ['Dimensions', '320 × 180 px'],
      ['Formats', 'video/webm'],
      ['Container', 'webm'],
      ['Codecs', 'vp8 (video)'],
      ['Sound', 'No'],
      ['Size', '38.8 KB'],
      ['bitrate', '80'],
    ]);
  });

  it('none from the server (404, null) shows no section; a failure offers to try again', () => {
    const { store, dispatched } = openAsset(VIDEO);
    const key = keyOf(store, 'description');
    act(() => {
      store.dispatch(mediaLoaded({ key, kind: 'description', data: null, fetchedAt: 0 }));
    });
    expect(screen.queryByRole('region', { name: 'Media' })).toBeNull();
    act(() => {
      store.dispatch(
        fetchFailed({ key, kind: 'description', error: { code: 'error.http.500', message: 'boom' } }),
      );
    });
    const section = screen.getByRole('region', { name: 'Media' });
    expect(section.textContent).toContain('The media description could not be read.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(ofType(dispatched, 'players/descriptionRequested').at(-1)?.payload).toMatchObject({ retry: true });
  });

  it('a picture has neither media section nor embed code', () => {
    const { dispatched } = openAsset(IMAGE);
    expect(screen.getByRole('heading', { level: 1, name: IMAGE.name })).toBeTruthy();
    expect(ofType(dispatched, 'players/descriptionRequested')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Embed code' })).toBeNull();
  });
});

describe('the embed code on the asset page (protocol §13.1 embed.json, free player)', () => {
  it('"Embed code" asks it and shows it read-only, with Copy; the free player code is folded apart', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { store, dispatched } = openAsset(VIDEO);
    fireEvent.click(screen.getByRole('button', { name: 'Embed code' }));
    expect(ofType(dispatched, 'players/embedRequested').at(-1)?.payload).toEqual({
      resource: 'asset',
      id: '2',
      width: '100%',
      height: '100%',
      options: {},
      retry: false,
    });
    expect(ofType(dispatched, 'players/freePlayerRequested')).toHaveLength(0);
    const html = '<iframe src="http://dam/api/wedia/dam/player/bo.player/asset/2"></iframe>';
    act(() => {
      store.dispatch(
        mediaLoaded({ key: keyOf(store, 'embed'), kind: 'embed', data: { Html: html }, fetchedAt: 0 }),
      );
    });
    const box = screen.getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe(html);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(html);
    await waitFor(() => expect(screen.getByText('Copied.')).toBeTruthy());
    const details = document.querySelector('details') as HTMLDetailsElement;
    // the browser fires "toggle" when a details element opens
    act(() => {
      details.open = true;
    });
    await waitFor(() => expect(ofType(dispatched, 'players/freePlayerRequested')).toHaveLength(1));
    act(() => {
      store.dispatch(
        mediaLoaded({
          key: store.getState().players.keyOf['free:'] as string,
          kind: 'free',
          data: {
            Dom: '<div id="f"></div>',
            JavascriptUrl: 'http://dam/p.js',
            JSEndpoint: 'P',
            ElementId: 'f',
          },
          fetchedAt: 0,
        }),
      );
    });
    const free = screen.getByRole('textbox', { name: 'Free player code' }) as HTMLTextAreaElement;
    expect(free.value).toContain('P.launch(document.getElementById("f")');
    expect(free.value).toContain('describeMedia?object=asset&id=2');
  });

  it('a failed embed says so and "Try again" asks again', () => {
    const { store, dispatched } = openAsset(VIDEO);
    fireEvent.click(screen.getByRole('button', { name: 'Embed code' }));
    act(() => {
      store.dispatch(
        fetchFailed({
          key: keyOf(store, 'embed'),
          kind: 'embed',
          error: { code: 'error.http.403', message: 'no' },
        }),
      );
    });
    expect(screen.getByRole('alert').textContent).toContain('The embed code could not be made.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(ofType(dispatched, 'players/embedRequested').at(-1)?.payload).toMatchObject({ retry: true });
  });
});

describe("the server's player frame (protocol §13.2)", () => {
  const target = { resource: 'asset', id: '2' };

  it('is hidden while it loads, says so past the loading delay, and offers the listed actions once shown', () => {
    const { store, dispatched, unmount } = renderWithStore(<ServerPlayer resource="asset" id="2" />);
    expect(ofType(dispatched, 'players/frameOpened')).toHaveLength(1);
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.style.visibility).toBe('hidden');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      store.dispatch(loadingShown(target));
    });
    expect(screen.getByRole('status').textContent).toBe('Loading the player…');
    fireEvent.load(frame);
    expect(ofType(dispatched, 'players/frameLoaded')).toHaveLength(1);
    act(() => {
      store.dispatch(actionsListed({ ...target, actions: [{ action: 'play' }, { action: 'zoom' }] }));
    });
    // listed, but the frame is not shown yet: no buttons
    expect(screen.queryByRole('group', { name: 'Player actions' })).toBeNull();
    act(() => {
      store.dispatch(frameDisplayed(target));
    });
    expect(frame.style.visibility).toBe('');
    const group = screen.getByRole('group', { name: 'Player actions' });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Play',
      'zoom',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(ofType(dispatched, 'players/actionChosen').at(-1)?.payload).toEqual({ ...target, action: 'play' });
    expect(screen.getByRole('status').textContent).toBe('Asked the player: Play');
    unmount();
    expect(ofType(dispatched, 'players/frameClosed')).toHaveLength(1);
  });
});
