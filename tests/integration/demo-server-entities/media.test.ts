import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_VIDEO_BYTES } from '../../../mocks/entities/variations';
import { HOSTILE_PLAYER_HTML } from '../../../mocks/hostile';
import { pageCount } from '../../../mocks/media/asset-image';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { API, as, ASSET, call, fetchEntity, type Json, multipart } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const idOf = (nature: string): number => {
  const asset = runtime.db.assets.find((row) => row.assetnature.code === nature);
  if (!asset) throw new Error(`no ${nature} asset`);
  return asset.id;
};

const names = (list: Json[]): string[] => list.map((variation) => variation.name);

describe('variations (protocol §12.1)', () => {
  it('lists original, preview and thumbnails of an image as a bare array with sizes', async () => {
    const id = idOf('image');
    const { status, body } = await call(`/wedia/dam/variations/asset/${id}`, { headers: await as('alice') });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(names(body)).toEqual(['original', 'preview', 'thumbnailBig', 'thumbnailsmall']);
    const asset = runtime.db.assets.find((row) => row.id === id);
    expect(body[0]).toEqual({
      name: 'original',
      width: asset?.width,
      height: asset?.height,
      mimetype: asset?.mimetype,
      filesize: asset?.filesize,
    });
    expect(body[2]).toMatchObject({ width: 400, height: 300, mimetype: 'image/svg+xml' });
    expect(body[2].filesize).toBeGreaterThan(0);
  });

  it('adds video for videos and page1..pageN (kind page, N from 2 to 5) for documents', async () => {
    const video = await call(`/wedia/dam/variations/asset/${idOf('video')}`);
    expect(video.body.at(-1)).toEqual({
      name: 'video',
      width: 320,
      height: 180,
      mimetype: 'video/webm',
      filesize: SAMPLE_VIDEO_BYTES,
    });
    const documentId = idOf('document');
    const pages = pageCount(runtime.db.assets.find((row) => row.id === documentId) as never);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(5);
    const document = await call(`/wedia/dam/variations/asset/${documentId}`);
    const pageRows = document.body.filter((variation: Json) => variation.kind === 'page');
    expect(names(pageRows)).toEqual(Array.from({ length: pages }, (_, index) => `page${index + 1}`));
    expect(pageRows[0]).toMatchObject({ page: 1, mimetype: 'image/svg+xml' });
  });

  it('carol gets the _w names; an unknown asset or resource is not an array (404)', async () => {
    const { body } = await call(`/wedia/dam/variations/asset/${idOf('video')}`, {
      headers: await as('carol'),
    });
    expect(names(body)).toEqual(['original_w', 'preview_w', 'thumbnailBig_w', 'thumbnailsmall_w', 'video_w']);
    for (const path of ['/wedia/dam/variations/asset/999999', '/wedia/dam/variations/folder/1']) {
      const unknown = await call(path);
      expect(unknown.status).toBe(404);
      expect(Array.isArray(unknown.body)).toBe(false);
    }
  });

  it('the variation detail answers $asset.variation and $asset.variations[0]', async () => {
    const id = idOf('image');
    const { status, body } = await fetchEntity(
      id,
      await as('alice'),
      'variation=preview&variations=SIZE&withRights=false',
    );
    expect(status).toBe(200);
    const { $asset } = body.response.data;
    expect($asset.variation).toMatchObject({ name: 'preview', mimetype: 'image/svg+xml' });
    expect($asset.variations[0]).toEqual($asset.variation);
    expect((await fetchEntity(id, await as('alice'), 'variation=nothing')).status).toBe(404);
  });
});

describe('images and video (protocol §13.1)', () => {
  it('serves page images of documents, 404 past the last page or for other natures', async () => {
    const id = idOf('document');
    const pages = pageCount(runtime.db.assets.find((row) => row.id === id) as never);
    const page = await fetch(`${API}/wedia/dam/variation/asset/${id}/page2`);
    expect(page.headers.get('content-type')).toBe('image/svg+xml');
    expect(await page.text()).toContain(`Page 2 / ${pages}`);
    expect((await fetch(`${API}/wedia/dam/variation?object=asset&id=${id}&variation=page1`)).status).toBe(
      200,
    );
    expect((await fetch(`${API}/wedia/dam/variation/asset/${id}/page${pages + 1}`)).status).toBe(404);
    expect((await fetch(`${API}/wedia/dam/variation/asset/${idOf('image')}/page1`)).status).toBe(404);
    expect((await fetch(`${API}/wedia/dam/variation/asset/${id}/preview_thumbnail_gif`)).status).toBe(200);
  });

  it('serves the video whole and by Range (206), as the committed sample', async () => {
    const id = idOf('video');
    const file = readFileSync(new URL('../../../mocks/media/sample-video.webm', import.meta.url));
    expect(file.length).toBe(SAMPLE_VIDEO_BYTES);
    const whole = await fetch(`${API}/wedia/dam/variation/asset/${id}/video`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    const part = await fetch(`${API}/wedia/dam/variation/asset/${id}/video`, {
      headers: { Range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);
    const open = await fetch(`${API}/wedia/dam/variation/asset/${id}/video`, {
      headers: { Range: 'bytes=39000-' },
    });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(file.length - 39_000);
    const tail = await fetch(`${API}/wedia/dam/variation/asset/${id}/video`, {
      headers: { Range: 'bytes=-10' },
    });
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(-10))).toBe(true);
    const beyond = await fetch(`${API}/wedia/dam/variation/asset/${id}/video`, {
      headers: { Range: 'bytes=999999-' },
    });
    expect(beyond.status).toBe(416);
    expect((await fetch(`${API}/wedia/dam/variation/asset/${idOf('image')}/video`)).status).toBe(404);
  });

  it('carol gets only _w images and video_w; visitors see the plain ones', async () => {
    const carol = await as('carol');
    const id = idOf('video');
    expect((await fetch(`${API}/wedia/dam/variation/asset/${id}/video`, { headers: carol })).status).toBe(
      403,
    );
    expect((await fetch(`${API}/wedia/dam/variation/asset/${id}/video_w`, { headers: carol })).status).toBe(
      200,
    );
    const document = idOf('document');
    expect(
      (await fetch(`${API}/wedia/dam/variation/asset/${document}/page1`, { headers: carol })).status,
    ).toBe(403);
    const watermarked = await fetch(`${API}/wedia/dam/variation/asset/${document}/page1_w`, {
      headers: carol,
    });
    expect(await watermarked.text()).toContain('WATERMARK');
    expect((await fetch(`${API}/wedia/dam/variation/asset/${id}/preview`)).status).toBe(200);
  });

  it('serves unsecured images at __imageservlet{serverPath} (the binary of the entity)', async () => {
    const id = idOf('image');
    const { binary } = (await fetchEntity(id, await as('alice'))).body.response.data;
    expect(binary.serverPath).toContain('/');
    const image = await fetch(`http://localhost/__imageservlet${binary.serverPath}?variation=thumbnailsmall`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch('http://localhost/__imageservlet/nothing/here?variation=preview')).status).toBe(404);
  });
});

describe('players and media (protocol §13.1)', () => {
  it('the HTML+JS player of a video: Dom, script, endpoint, launcher options with the description', async () => {
    const id = idOf('video');
    const { status, body } = await call(
      `/wedia/evp/htmlAndJsPlayer.json?object=asset&id=${id}&width=100%25&height=100%25&canLogView=true`,
      { headers: await as('alice') },
    );
    expect(status).toBe(200);
    expect(body.Dom).toContain('width:100%');
    expect(body.JSEndpoint).toBe('WediaEvpPlayer');
    expect(body.LauncherOptions.mediasJsonUrl).toContain(`describeMedia?object=asset&id=${id}`);
    expect(body.LauncherOptions.mediasJson.sources[0]).toEqual({
      url: `http://localhost/api/wedia/dam/variation/asset/${id}/video`,
      mimetype: 'video/webm',
    });
    const script = await fetch(body.JavascriptUrl);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.WediaEvpPlayer');
    expect((await call(`/wedia/evp/htmlAndJsPlayer.json?object=asset&id=${idOf('image')}`)).status).toBe(404);
  });

  it('hostile.playerHtml makes the player Dom hostile markup', async () => {
    runtime.settings['hostile.playerHtml'] = true;
    const { body } = await call(`/wedia/evp/htmlAndJsPlayer.json?object=asset&id=${idOf('video')}`);
    expect(body.Dom).toBe(HOSTILE_PLAYER_HTML);
  });

  it('embed (JSON Options and PlayerUid) and the free player', async () => {
    const id = idOf('video');
    const { status, body } = await call(`/wedia/evp/embed.json?object=asset&id=${id}&width=640&height=360`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ Options: { autoplay: false }, PlayerUid: 'p-1' }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ PlayerUid: 'p-1', Options: { autoplay: false } });
    expect(body.EmbedUrl).toContain(`/api/wedia/dam/player/bo.player/asset/${id}?height=360&width=640`);
    const free = await call('/wedia/evp/htmlAndJsFreePlayer.json');
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ JSEndpoint: 'WediaEvpPlayer', LauncherOptions: {} });
  });

  it('describes a video at both paths; 404 when unknown or not a video', async () => {
    const id = idOf('video');
    for (const path of ['/wedia/cloud/describeMedia', '/wedia/evp/describeMedia']) {
      const { status, body } = await call(`${path}?object=asset&id=${id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: String(id), mediaType: 'video', duration: 4 });
      expect((await call(`${path}?object=asset&id=${idOf('image')}`)).status).toBe(404);
      expect((await call(`${path}?object=asset&id=999999`)).status).toBe(404);
    }
    const carol = await call(`/wedia/cloud/describeMedia?object=asset&id=${id}`, {
      headers: await as('carol'),
    });
    expect(carol.body.sources[0].url).toMatch(/\/video_w$/);
  });

  it('the player frame page: a <video> of the video variation, no external script, posting listActions', async () => {
    const id = idOf('video');
    const page = await fetch(`${API}/wedia/dam/player/bo.player/asset/${id}?height=100%25&width=100%25`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`<video id="media"`);
    expect(html).toContain(`src="/api/wedia/dam/variation/asset/${id}/video"`);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toContain(
      'parent.postMessage({"listActions":[{"action":"play"},{"action":"pause"},{"action":"download"}]}',
    );
    expect((await fetch(`${API}/wedia/dam/player/bo.player/asset/999999`)).status).toBe(404);
  });
});

describe('analytics (protocol §18)', () => {
  async function events(id: number, headers: Record<string, string>, fields: Record<string, string> = {}) {
    const { status, body } = await call('/wedia/analytics/assetEvents', {
      method: 'POST',
      headers,
      body: multipart({
        nbrDays: '-1',
        object: 'asset',
        id: String(id),
        onlyDownloadAndView: 'false',
        max: '20',
        onlyCurrentUser: 'false',
        ...fields,
      }),
    });
    expect(status).toBe(200);
    return Object.fromEntries(body.list.map((entry: Json) => [entry.key, entry.count]));
  }

  it('a logged view and download (multipart or form) show up in the asset events', async () => {
    const alice = await as('alice');
    const id = 1500;
    const before = await events(id, alice);
    const log = (body: FormData | URLSearchParams) =>
      call('/wedia/analytics/log/objectdata', { method: 'POST', headers: alice, body });
    expect((await log(multipart({ object: 'asset', id: String(id), actionId: 'view' }))).status).toBe(200);
    expect(
      (await log(new URLSearchParams({ object: 'asset', id: String(id), actionId: 'view' }))).status,
    ).toBe(200);
    expect((await log(multipart({ object: 'asset', id: String(id), actionId: 'download' }))).status).toBe(
      200,
    );
    const after = await events(id, alice);
    expect(after).toEqual({ view: before.view + 2, download: before.download + 1 });
    // today's events are within the last 30 days; the current user's are counted apart
    expect(await events(id, alice, { nbrDays: '30', onlyCurrentUser: 'true' })).toEqual({
      view: 2,
      download: 1,
    });
    expect(await events(id, await as('bob'), { nbrDays: '30', onlyCurrentUser: 'true' })).toEqual({
      view: 0,
      download: 0,
    });
  });

  it('captions per language; refuses a bad actionId (400) and an unknown asset (404)', async () => {
    const { body } = await call('/wedia/analytics/assetEvents?lang=fr', {
      method: 'POST',
      body: new URLSearchParams({ object: 'asset', id: '1' }),
    });
    expect(body.list).toEqual([
      { key: 'view', count: expect.any(Number), caption: 'Vues' },
      { key: 'download', count: expect.any(Number), caption: 'Téléchargements' },
    ]);
    const log = (fields: Record<string, string>) =>
      call('/wedia/analytics/log/objectdata', { method: 'POST', body: multipart(fields) });
    expect((await log({ object: 'asset', id: '1', actionId: 'share' })).status).toBe(400);
    expect((await log({ object: 'asset', id: '999999', actionId: 'view' })).status).toBe(404);
  });

  it('the log is part of the demo db: reset forgets it', async () => {
    await call('/wedia/analytics/log/objectdata', {
      method: 'POST',
      body: multipart({ object: 'asset', id: '7', actionId: 'view' }),
    });
    const logged = runtime.db.analytics.length;
    reset();
    expect(runtime.db.analytics.length).toBe(logged - 1);
  });
});

describe('entity answers carry the asset extras', () => {
  it('binary, faces and $security rights on fetch', async () => {
    const { body } = await fetchEntity(idOf('image'), await as('alice'));
    expect(body.response.data.binary).toMatchObject({
      type: expect.any(String),
      serverPath: expect.stringMatching(/^\/asset\//),
    });
    expect(body.resource).toBe('asset');
    expect(ASSET).toBe('dam/data/asset');
  });
});
