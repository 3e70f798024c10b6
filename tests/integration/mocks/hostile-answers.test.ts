import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE_PLAYER_HTML, HOSTILE_URL } from '../../../mocks/hostile';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { cartJson } from './carts-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const API = 'http://localhost/api';

/** The back link of the demo's SSO page, as a browser on that page resolves it. */
async function backLinkOf(relativeURL: string, { raw = false } = {}): Promise<URL> {
  const query = raw ? relativeURL : encodeURIComponent(relativeURL);
  const page = await fetch(`${API}/rest/auth/sso/wedia-id?relativeURL=${query}`);
  const href = /<a href="([^"]*)">Back to the portal<\/a>/.exec(await page.text())?.[1];
  if (href === undefined) throw new Error('no back link on the SSO page');
  const unescaped = href.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return new URL(unescaped, page.url);
}

describe("the SSO page's back link (issue 12, item 4)", () => {
  it.each([
    '/\\evil.example/',
    '/\t/evil.example/',
    '/%09/evil.example/',
    '//evil.example',
    '/.//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
  ])('never leads to another host for relativeURL=%j', async (relativeURL) => {
    const back = await backLinkOf(relativeURL);
    expect(back.origin).toBe('http://localhost');
    expect(back.pathname).not.toMatch(/^\/\//);
  });

  // the addresses of issue 12, as typed: the server decodes %09 to a tab, which browsers drop
  it.each(['/\\evil.example/', '/%09/evil.example/', '//evil.example', 'https://evil.example'])(
    'never leads to another host for the address ?relativeURL=%s',
    async (query) => {
      expect((await backLinkOf(query, { raw: true })).origin).toBe('http://localhost');
    },
  );

  it('leads back to a path of the site, with its query', async () => {
    const back = await backLinkOf('/search?q=beach');
    expect(`${back.origin}${back.pathname}${back.search}`).toBe('http://localhost/search?q=beach');
  });

  it('the providers carry only a safe relativeURL', async () => {
    const config = await fetch(
      `${API}/rest/auth/config?relativeURL=${encodeURIComponent('/\\evil.example/')}`,
    );
    const { providers } = await config.json();
    expect(new URL(providers[0].url).searchParams.get('relativeURL')).toBe('/');
  });
});

describe('hostile answers of the demo server (settings hostile.urls, hostile.playerHtml)', () => {
  it('hostile.urls: SSO providers and share links are javascript: URLs', async () => {
    runtime.settings['hostile.urls'] = true;
    const { providers } = await (await fetch(`${API}/rest/auth/config`)).json();
    expect(providers.map((provider: { url: string }) => provider.url)).toEqual([HOSTILE_URL, HOSTILE_URL]);
    const created = await cartJson<{ url: string }>('shareCart/6', {
      as: 'alice',
      body: { actions: ['view'] },
    });
    expect(created.url).toBe(HOSTILE_URL);
    const listed = await cartJson<{ url: string }[]>('listShares?cartId=6', { as: 'alice' });
    expect(listed.map((share) => share.url)).toContain(HOSTILE_URL);
  });

  it('hostile.playerHtml: the item player answers markup that tries to run script', async () => {
    runtime.settings['hostile.playerHtml'] = true;
    const itemId = runtime.db.carts.find((cart) => cart.id === 1)?.items.asset?.[0];
    const player = await cartJson<{ html: string }>(`itemPreview/player/fo.player/1/asset/${itemId}`, {
      as: 'alice',
    });
    expect(player.html).toBe(HOSTILE_PLAYER_HTML);
    expect(player.html).toContain('onerror=');
  });

  it('both are off by default', async () => {
    const { providers } = await (await fetch(`${API}/rest/auth/config`)).json();
    expect(providers[0].url).toMatch(/^http:\/\/localhost\//);
  });
});
