import { runtime } from './runtime';

/**
 * What a hostile (or compromised) DAM would answer, for the settings `hostile.urls`,
 * `hostile.playerHtml` and `hostile.names` (mocks/settings.ts): the portal must show it without
 * running any of it.
 */

/** A server-given link that runs script when followed: the portal must show it as text. */
export const HOSTILE_URL = 'javascript:alert(document.domain)';

/** Marks the document it runs in and, where it can reach it, the portal's window. */
const MARK = "document.documentElement.setAttribute('data-hostile-ran','1');top.__hostileRan=1";

/**
 * A player answer (protocol §6.1 `html`) that tries every usual way to run script: an image's
 * `onerror`, a `<script>`, an SVG `onload`, `javascript:` links and frames, a form, an `<object>`.
 */
export const HOSTILE_PLAYER_HTML = [
  '<figure class="cart-item-player">',
  `<img src="x-missing-image" alt="hostile image" onerror="${MARK}">`,
  `<script>${MARK}</script>`,
  `<svg onload="${MARK}"><rect width="10" height="10"></rect></svg>`,
  `<a href="javascript:${MARK}">hostile link</a>`,
  `<iframe src="javascript:${MARK}"></iframe>`,
  `<form action="javascript:${MARK}"><button>hostile form</button></form>`,
  `<object data="javascript:${MARK}"></object>`,
  `<style>body{background:#c00}</style>`,
  '<figcaption>hostile player</figcaption>',
  '</figure>',
].join('');

/** Markup a name carries under `hostile.names`: shown as text, it runs nothing. */
export const HOSTILE_NAME_MARKUP = `<img src=x onerror="${MARK}">`;

/** A name as the server answers it: with markup appended under `hostile.names`. */
export function hostileName<T>(name: T): T {
  if (!runtime.settings['hostile.names'] || typeof name !== 'string') return name;
  return `${name} ${HOSTILE_NAME_MARKUP}` as T;
}

/** About this many bytes of list rows per page with `hostile.hugeAnswers`. */
export const HUGE_ANSWER_BYTES = 10_000_000;

/**
 * Rows padded as a hostile (or just careless) server answers them with `hostile.hugeAnswers`:
 * together about 10 MB, half in a long description with quotes and `=` (the redaction's slow case),
 * half in many small tags. The portal must show the list without freezing.
 */
export function padHugeRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (rows.length === 0) return rows;
  const perRow = Math.floor(HUGE_ANSWER_BYTES / rows.length);
  const unit = 'A "long" description, key=value; ';
  const text = unit.repeat(Math.ceil(perRow / 2 / unit.length)).slice(0, perRow / 2);
  return rows.map((row) => ({
    ...row,
    description: `${text} ${String(row.id)}`,
    tags: Array.from({ length: Math.floor(perRow / 2 / 14) }, (_, tag) => `tag-${String(row.id)}-${tag}`),
  }));
}
