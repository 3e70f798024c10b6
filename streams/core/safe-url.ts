/**
 * What an address given from outside (the server, the address bar) may become: a same-origin
 * path to return to, or the `href` of a link. Shared by the portal and the demo server, so both
 * refuse the same tricks. Pure: no `window`, no config.
 */

/** A made-up origin to resolve paths against: whatever resolves elsewhere leaves this site. */
const HERE = 'http://same-origin.invalid';

/**
 * The path, query and fragment of this site that `value` names, normalised, or null when it names
 * anything else. Browsers drop tabs and newlines and read `\` as `/`, so `/\evil.example/`,
 * `/<TAB>/evil.example/` and `/.//evil.example` all mean `//evil.example`: another host. Only a
 * value that starts with one `/` and resolves to this origin passes, and what comes back is the
 * browser's own reading of it (never starting with `//`).
 * @example sameOriginPath('/carts/5?x=1') // '/carts/5?x=1'
 * @example sameOriginPath('/\\evil.example/') // null
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // a backslash or a control character has no place in a path we hand back
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/**
 * The `href` a server-given URL may become, or null when it must stay text: an absolute `http:`
 * or `https:` URL, or a same-origin path (see {@link sameOriginPath}). `javascript:`, `data:`,
 * `vbscript:`, protocol-relative and unparsable values are refused, whatever their case or the
 * blanks around them.
 * @example linkableUrl('https://dam.example/share/1') // 'https://dam.example/share/1'
 * @example linkableUrl(' JavaScript:alert(1)') // null
 */
export function linkableUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/')) return sameOriginPath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
