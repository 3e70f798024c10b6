import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, restEnvelope } from '../../../mocks/handlers/respond';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { INFO_TEXT_KEYS, INFO_URL_KEYS } from '../../../streams/app/api';

const API = 'http://localhost/api';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

function logForm(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields) };
}

const entry = {
  name: 'carts',
  hash: 'h1',
  count: 2,
  level: 10,
  message: 'Failed to retrieve carts',
  times: [1, 2],
};

describe('application info (protocol §19)', () => {
  it('answers infos with every key the client reads, baseUrl = the request origin, plus a key with _', async () => {
    const response = await fetch(`${API}/wedia/app/infos/getInfos?lang=en`);
    expect(response.status).toBe(200);
    const { infos } = await response.json();
    expect(infos).toMatchObject({ appName: 'Wedia Demo Portal', baseUrl: 'http://localhost' });
    // every key the client reads (protocol §19) is served
    for (const key of [...INFO_TEXT_KEYS, ...INFO_URL_KEYS]) {
      expect(typeof infos[key]).toBe('string');
    }
    expect(Object.keys(infos).some((key) => key.includes('_'))).toBe(true);
  });

  it('serves the image URLs it gives (relative, prefixed by baseUrl) as SVG', async () => {
    const { infos } = await (await fetch(`${API}/wedia/app/infos/getInfos`)).json();
    for (const key of ['appBGUrl', 'appFaviconUrl', 'appLogoUrlForDarkBG', 'appLogoHeaderUrlForLightBG']) {
      const response = await fetch(`${infos.baseUrl}${infos[key]}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg /);
    }
    const unknown = await fetch(`${API}/wedia/app/assets/nothing.svg`);
    expect(unknown.status).toBe(404);
  });

  it('says the application is available by default, without a message', async () => {
    const response = await fetch(
      `${API}/wedia/bo/authorizedusers/applications/isAvailable?applicationName=wedia-demo`,
    );
    expect(await response.json()).toEqual({ available: true });
  });

  it('says the application is unavailable, with the message, when the settings say so', async () => {
    runtime.settings['app.available'] = false;
    const response = await fetch(
      `${API}/wedia/bo/authorizedusers/applications/isAvailable?applicationName=wedia-demo`,
    );
    expect(await response.json()).toEqual({
      available: false,
      message: 'The portal is under maintenance. Please come back later.',
    });
  });

  it('answers the editor config with a licence key', async () => {
    const config = await (await fetch(`${API}/wedia/froala/config`)).json();
    expect(typeof config.key).toBe('string');
    expect(config.key.length).toBeGreaterThan(0);
  });
});

describe('server config (protocol §3.1)', () => {
  it('answers a bare body with versions.engine, setup.dxm, setup.connection.mfaonly, typeEnv and locale', async () => {
    const response = await fetch(`${API}/rest/config?lang=fr`);
    expect(await response.json()).toEqual({
      versions: { engine: expect.any(String) },
      setup: { dxm: false, connection: { mfaonly: false } },
      typeEnv: 'demo',
      locale: 'en',
    });
  });

  it('accepts x-context and X-CSRF-Token without requiring them', async () => {
    const response = await fetch(`${API}/rest/config`, {
      headers: { 'x-context': 'demo', 'X-CSRF-Token': 't0k3n' },
    });
    expect(response.status).toBe(200);
  });
});

describe('client logs (protocol §5)', () => {
  it('stores the entries of a form TYPE=LOGS, MESSAGE=<JSON array> and answers 200 {}', async () => {
    const response = await fetch(
      `${API}/packaged/portal/log`,
      logForm({ TYPE: 'LOGS', MESSAGE: JSON.stringify([entry]) }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(runtime.clientLogs).toEqual([{ ...entry, receivedAt: expect.any(Number) }]);
  });

  it('accepts the same form as multipart', async () => {
    const form = new FormData();
    form.set('TYPE', 'LOGS');
    form.set('MESSAGE', JSON.stringify([entry, { ...entry, hash: 42, level: 'Error' }]));
    const response = await fetch(`${API}/packaged/portal/log`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(runtime.clientLogs).toHaveLength(2);
  });

  it.each([
    ['TYPE is not LOGS', { TYPE: 'OTHER', MESSAGE: '[]' }],
    ['MESSAGE is missing', { TYPE: 'LOGS' }],
    ['MESSAGE is not JSON', { TYPE: 'LOGS', MESSAGE: '[{' }],
    ['an entry lacks fields', { TYPE: 'LOGS', MESSAGE: JSON.stringify([{ name: 'x' }]) }],
  ])('refuses a malformed body with 400 and the error body: %s', async (_rule, fields) => {
    const response = await fetch(`${API}/packaged/portal/log`, logForm(fields));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: '400', message: expect.any(String) });
    expect(runtime.clientLogs).toEqual([]);
  });

  it('refuses a JSON body with 400: the protocol sends a form', async () => {
    const response = await fetch(`${API}/packaged/portal/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TYPE: 'LOGS', MESSAGE: [entry] }),
    });
    expect(response.status).toBe(400);
  });
});

describe('asset images (protocol §13.1)', () => {
  const variation = (query: string) => fetch(`${API}/wedia/dam/variation?${query}`);

  it('serves an SVG of the asset, with its name, and a long cache lifetime', async () => {
    const response = await variation('object=asset&id=12&variation=thumbnailBig');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const svg = await response.text();
    expect(svg).toContain(`<title>${runtime.db.assets[11]?.name}</title>`);
    expect(svg).toMatch(/width="400" height="300"/);
  });

  it('draws the same bytes for the same asset and variation', async () => {
    const first = await (await variation('object=asset&id=5&variation=preview')).text();
    const second = await (await fetch(`${API}/wedia/dam/variation/asset/5/preview`)).text();
    expect(second).toBe(first);
  });

  it('adds a visible WATERMARK overlay to the _w variation of the same image', async () => {
    const plain = await (await variation('object=asset&id=5&variation=thumbnailBig')).text();
    const watermarked = await (await variation('object=asset&id=5&variation=thumbnailBig_w')).text();
    expect(plain).not.toContain('WATERMARK');
    expect(watermarked).toContain('>WATERMARK</text>');
    expect(watermarked.startsWith(plain.slice(0, plain.indexOf('</svg>')))).toBe(true);
  });

  it('sizes thumbnails 400x300 and 200x150, the preview within 1200x900, the original at the asset size', async () => {
    const asset = runtime.db.assets[0];
    const size = async (name: string) =>
      /width="(\d+)" height="(\d+)"/
        .exec(await (await variation(`object=asset&id=1&variation=${name}`)).text())
        ?.slice(1);
    expect(await size('thumbnailBig')).toEqual(['400', '300']);
    expect(await size('thumbnailsmall')).toEqual(['200', '150']);
    const [width, height] = ((await size('preview')) ?? []).map(Number);
    expect(width).toBeLessThanOrEqual(1200);
    expect(height).toBeLessThanOrEqual(900);
    expect(await size('original_w')).toEqual([String(asset?.width), String(asset?.height)]);
  });

  it('defaults to thumbnailBig, and to the original as an attachment with download=true', async () => {
    expect(await (await variation('object=asset&id=3')).text()).toMatch(/width="400" height="300"/);
    const download = await variation('object=asset&id=3&download=true');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=".+-original\.svg"$/);
  });

  it.each([
    ['an unknown asset', 'object=asset&id=999999&variation=preview'],
    ['an unknown resource', 'object=page&id=1&variation=preview'],
    ['an unknown variation', 'object=asset&id=1&variation=huge'],
  ])('answers 404 with the error body for %s', async (_case, query) => {
    const response = await variation(query);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: '404', message: expect.any(String) });
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE', 'PATCH'])(
    'answer %s with 404 {"error":"404","message":"Unknown API path …"}',
    async (method) => {
      const response = await fetch(`${API}/wedia/nothing/here?lang=en`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: '404',
        message: `Unknown API path ${method} /api/wedia/nothing/here`,
      });
    },
  );
});

describe('response helpers', () => {
  it('builds the error body "<status>[/<subcode>]"', () => {
    expect(errorBody(403, 'Change your password', 2)).toEqual({
      error: '403/2',
      message: 'Change your password',
    });
    expect(errorBody(404, 'Not found')).toEqual({ error: '404', message: 'Not found' });
  });

  it('echoes the request state verbatim in the REST envelope, with total and count', () => {
    const request = new Request('http://localhost/api/rest/dam/asset?state=-1290331711&max=2');
    expect(restEnvelope(request, { resource: 'asset', data: [{ id: 1 }, { id: 2 }], total: 30 })).toEqual({
      resource: 'asset',
      response: { data: [{ id: 1 }, { id: 2 }], total: 30, count: 2 },
      links: {},
      state: '-1290331711',
    });
  });

  it('takes a state given in a form body over the query, and leaves state out when there is none', () => {
    const request = new Request('http://localhost/api/rest/dam/asset/aggs');
    expect(restEnvelope(request, { resource: 'asset', data: {}, state: 'a b' }).state).toBe('a b');
    expect(restEnvelope(request, { resource: 'asset', data: { id: 1 } })).not.toHaveProperty('state');
  });
});
