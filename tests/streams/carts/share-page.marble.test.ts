import { describe, expect, it } from 'vitest';
import { cartsDomain } from '../../../streams/carts/domain';
import {
  shareActionRequested,
  shareCopyRequested,
  shareDownloadRequested,
  sharedPreviewRequested,
} from '../../../streams/carts/share-events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const allCarts = domainEpics<RootState>(cartsDomain);

type Answer = { data: unknown } | { status: number };
const vaults: SessionVault[] = [];

/**
 * Runs one intent of the shared-cart page against answers given in order (one frame each), with
 * the share's password in the vault; returns the requests, the events, the files handed to the
 * browser and the final state.
 */
function run(intent: UnstampedEvent, answers: Answer[], password?: string) {
  const scheduler = marbleScheduler();
  const session = new SessionVault();
  if (password) session.setSharePassword('u-1', password);
  const http = fakeHttp();
  const saved: { url: string; fileName: string | undefined }[] = [];
  const events: AnyEvent[] = [];
  let state: RootState | undefined;
  scheduler.run(({ hot, cold }) => {
    let call = 0;
    http.request = ((request: HttpRequest<unknown>) => {
      http.requests.push(request);
      const answer = answers[call++] ?? { status: 500 };
      if ('data' in answer) return cold('-r|', { r: { status: 200, data: answer.data } });
      const { status } = answer;
      return cold('-#', {}, new AppError({ code: `error.http.${status}`, message: 'refused', status }));
    }) as typeof http.request;
    const deps = testDeps({ scheduler, http, session });
    vaults.push(session);
    deps.downloads = { open: (url, fileName) => void saved.push({ url, fileName }) };
    const store = epicStore(deps, allCarts);
    store.event$.subscribe((event) => events.push(event));
    hot('a', { a: intent }).subscribe(store.dispatch);
    scheduler.schedule(
      () => {
        state = store.getState();
      },
      answers.length * 2 + 2,
    );
  });
  const request = events.find((event) => event.type === intent.type)!;
  return { http, events, saved, state: state!, outcome: state!.carts.shareAction[request.meta.id] };
}

describe('downloading from a share (protocol §6.1, the binary variant of withShare)', () => {
  it('asks one item through withShare/{uuid}/download/{type}/{id} with {} and the password as Basic, and saves it under its name', () => {
    const zip = new Blob(['PK'], { type: 'application/zip' });
    const { http, saved, events, outcome } = run(
      shareDownloadRequested({ uuid: 'u-1', item: { resource: 'asset', id: '11' }, fileName: 'beach.zip' }),
      [{ data: zip }],
      'lyon-2026',
    );
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      path: '/wedia/cart/withShare/u-1/download/asset/11',
      body: { json: {} },
      responseType: 'blob',
      sharePassword: 'lyon-2026',
    });
    expect(saved).toEqual([{ url: expect.stringMatching(/^blob:/), fileName: 'beach.zip' }]);
    expect(outcome).toEqual({ uuid: 'u-1', action: 'download', status: 'loaded', error: null });
    // the zip never enters an event, nor the password
    expect(events.at(-1)?.payload).toEqual({ uuid: 'u-1', fileName: 'beach.zip' });
    expect(JSON.stringify(events)).not.toContain('lyon-2026');
  });

  it('asks the whole share without an item; a refusal is the outcome in error and nothing is saved', () => {
    const { http, saved, outcome } = run(
      shareDownloadRequested({ uuid: 'u-1', item: null, fileName: 'Moodboard.zip' }),
      [{ status: 403 }],
    );
    expect(http.requests[0]?.path).toBe('/wedia/cart/withShare/u-1/download');
    // no password known: the caller's own authentication (protocol §6.5)
    expect(http.requests[0]?.sharePassword).toBeUndefined();
    expect(saved).toEqual([]);
    expect(outcome).toMatchObject({ action: 'download', status: 'error', error: { status: 403 } });
  });
});

describe('commenting on a share', () => {
  it('posts the comment action with its text as {comment}, and no items', () => {
    const { http, outcome } = run(
      shareActionRequested({ uuid: 'u-1', action: 'comment', items: null, comment: 'Lovely' }),
      [{ data: {} }],
      'pw',
    );
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      path: '/wedia/cart/withShare/u-1/comment',
      body: { json: { comment: 'Lovely' } },
      sharePassword: 'pw',
    });
    expect(outcome).toMatchObject({ action: 'comment', status: 'loaded' });
  });

  it('sends no body for an action without items or text (protocol §6.1)', () => {
    const { http } = run(shareActionRequested({ uuid: 'u-1', action: 'like', items: null }), [{ data: {} }]);
    expect(http.requests[0]?.body).toBeUndefined();
  });
});

describe('"Copy to my carts": the copy action, a new cart of mine, the items in it', () => {
  const copy = shareCopyRequested({
    uuid: 'u-1',
    name: 'Moodboard',
    description: 'From Alice',
    items: { asset: ['11', '12'] },
  });
  const created = { data: [{ id: '31', name: 'Moodboard', items: [] }] };
  const filled = { data: { id: '31', name: 'Moodboard', items: [] } };

  it('goes step by step, each answer caused by the request, and ends loaded with the new cart', () => {
    const { http, events, outcome } = run(copy, [{ data: {} }, created, filled], 'pw');
    expect(http.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /wedia/cart/withShare/u-1/copy',
      'POST /wedia/cart/createCart/',
      'POST /wedia/cart/addCartItems/31',
    ]);
    // the share's credentials for the share's action; the user's own for their cart
    expect(http.requests[0]).toMatchObject({
      sharePassword: 'pw',
      body: { json: { items: { asset: ['11', '12'] } } },
    });
    expect(http.requests[1]?.sharePassword).toBeUndefined();
    expect(http.requests[1]?.body).toMatchObject({
      json: { name: 'Moodboard', description: 'From Alice', private: true },
    });
    expect(http.requests[2]?.body).toEqual({ json: { items: { asset: ['11', '12'] } } });
    const request = events.find((event) => event.type === copy.type)!;
    const steps = events.filter((event) => event.meta.source === 'server');
    expect(steps.map((event) => event.type)).toEqual([
      'carts/shareCopyAllowed',
      'carts/shareCopyCartCreated',
      'carts/shareCopied',
    ]);
    expect(steps.every((event) => event.meta.cause === request.meta.id)).toBe(true);
    // the outcome keeps the new cart, which the page's notice opens
    expect(outcome).toEqual({ uuid: 'u-1', action: 'copy', status: 'loaded', error: null, cartId: '31' });
  });

  it('stops at a refused step and says so: no cart is made when the share refuses the copy', () => {
    const refused = run(copy, [{ status: 403 }]);
    expect(refused.http.requests).toHaveLength(1);
    expect(refused.outcome).toMatchObject({ action: 'copy', status: 'error', error: { status: 403 } });

    const notSignedIn = run(copy, [{ data: {} }, { status: 401 }]);
    expect(notSignedIn.http.requests).toHaveLength(2);
    expect(notSignedIn.outcome).toMatchObject({ status: 'error', error: { status: 401 } });
  });
});

describe("the lightbox's large picture", () => {
  it('fetches the preview variation with the share credentials and keeps its blob: address in the vault', () => {
    const picture = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    const { http, outcome, events } = run(
      sharedPreviewRequested({ uuid: 'u-1', variation: 'preview_w', key: 'asset/11' }),
      [{ data: picture }],
      'pw',
    );
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      path: '/wedia/cart/itemPreview/variation/preview_w/u-1/asset/11',
      responseType: 'blob',
      sharePassword: 'pw',
    });
    expect(vaults.at(-1)?.sharedImages.get('u-1', 'preview_w|asset/11')).toMatch(/^blob:/);
    expect(outcome).toEqual({ uuid: 'u-1', action: 'preview', status: 'loaded', error: null });
    expect(events.at(-1)?.payload).toEqual({ uuid: 'u-1', variation: 'preview_w', key: 'asset/11' });
  });

  it('a failed picture is the outcome in error', () => {
    const { outcome } = run(sharedPreviewRequested({ uuid: 'u-1', variation: 'preview', key: 'asset/11' }), [
      { status: 404 },
    ]);
    expect(outcome).toMatchObject({ action: 'preview', status: 'error', error: { status: 404 } });
  });
});
