import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkableUrl, sameOriginPath } from '../../../streams/core/safe-url';

const PORTAL = 'https://portal.example';

/** Where a browser on the portal goes when it follows `href`. */
const hostOf = (href: string): string => new URL(href, `${PORTAL}/signin`).host;

// what issue 12 found, and the classic ways around a "starts with one slash" check
const OFF_SITE = [
  '/\\evil.example/',
  '/\t/evil.example/',
  '/\n/evil.example',
  '/%09/evil.example/',
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '\\\\evil.example',
  'https://evil.example',
  'http:evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  '',
];

describe('sameOriginPath: where a return link may go', () => {
  it.each([
    ['/', '/'],
    ['/carts/5', '/carts/5'],
    ['/search?q=beach&page=2#top', '/search?q=beach&page=2#top'],
    ['/carts/../search', '/search'],
    ['/a b', '/a%20b'],
  ])('keeps the path %j of this site', (value, path) => {
    expect(sameOriginPath(value)).toBe(path);
  });

  it.each(OFF_SITE)('never gives a path that leaves the site for %j', (value) => {
    const path = sameOriginPath(value);
    if (path !== null) expect(hostOf(path)).toBe('portal.example');
    // the two from issue 12 are plain refusals, and so is anything that is not a path
    if (!value.startsWith('/') || value.includes('\\') || value.includes('\t') || value.startsWith('//'))
      expect(path).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(42)).toBeNull();
  });

  it('whatever the input, an accepted path stays on the site once a browser reads it', () => {
    const pieces = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '//',
      '\t',
      '\n',
      '%09',
      '%2F',
      '%5C',
      'evil.example',
      '@',
      ':',
      '?',
      '#',
      ' ',
      'a',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
        (value) => {
          const path = sameOriginPath(value);
          if (path === null) return;
          expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
          expect(hostOf(path)).toBe('portal.example');
          // the path is already what a browser makes of it: reading it again changes nothing
          expect(sameOriginPath(path)).toBe(path);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('linkableUrl: which server URLs become links', () => {
  it.each([
    ['https://dam.example/share/1', 'https://dam.example/share/1'],
    ['http://dam.example/x?y=1', 'http://dam.example/x?y=1'],
    ['HTTPS://DAM.example/a', 'https://dam.example/a'],
    ['/share/abc', '/share/abc'],
  ])('%j becomes the link %j', (value, href) => {
    expect(linkableUrl(value)).toBe(href);
  });

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '/\\evil.example/',
    'share/abc',
    'not a url',
    '',
    null,
    undefined,
    {},
  ])('%j stays text', (value) => {
    expect(linkableUrl(value)).toBeNull();
  });
});
