/**
 * The document a cart item's player is shown in (protocol §6.1 `itemPreview/player`): the
 * server's HTML inside a page of its own, for an `<iframe sandbox srcdoc>`. The sandbox (no
 * `allow-scripts`, no `allow-same-origin`) is what keeps the markup from running script or
 * reaching the portal's origin, where the refresh token lives; the policy below is a second
 * lock: no script, frame, object, form or stylesheet from anywhere, images and media only.
 */
const POLICY = [
  "default-src 'none'",
  'img-src http: https: data: blob:',
  'media-src http: https: data: blob:',
  "style-src 'unsafe-inline'",
  'font-src http: https: data:',
  "form-action 'none'",
].join('; ');

const LAYOUT = [
  'html,body{margin:0;height:100%}',
  'body{display:grid;place-items:center;font:14px/1.4 system-ui,sans-serif;color:#222;background:#fff}',
  'img,video,svg{max-width:100%;max-height:100%}',
  'figure{margin:0;height:100%;display:grid;grid-template-rows:minmax(0,1fr) auto;place-items:center}',
  'figcaption{padding:4px 0}',
].join('');

export function playerDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${POLICY}">` +
    '<meta name="referrer" content="no-referrer">' +
    `<style>${LAYOUT}</style></head><body>${html}</body></html>`
  );
}
