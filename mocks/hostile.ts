/**
 * What a hostile (or compromised) DAM would answer, for the settings `hostile.urls` and
 * `hostile.playerHtml` (mocks/settings.ts): the portal must show it without running any of it.
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
