/**
 * Short-lived signed addresses for item previews. The player answer (fetched with the caller's
 * credentials) names its image with `?expires=…&signature=…`: the browser loads that image
 * itself, without Authorization, and the signature stands for the rights checked when the
 * player was asked for. It binds the variation, so a watermarked viewer's `preview_w` cannot be
 * turned into the clean `preview`.
 */

/** How long a signed preview address stays valid. */
export const PREVIEW_TICKET_MS = 10 * 60 * 1000;

// one key per server run (made on first use): addresses signed before a restart stop working
let key: Promise<CryptoKey> | undefined;
const signingKey = () =>
  (key ??= crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));

const encoder = new TextEncoder();

export interface PreviewTarget {
  variation: string;
  cartId: string;
  type: string;
  id: string;
}

const message = (target: PreviewTarget, expires: number) =>
  encoder.encode([target.variation, target.cartId, target.type, target.id, expires].join('\n'));

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The query that lets a browser load this one preview until `expires`. */
export async function signPreview(
  target: PreviewTarget,
  now = Date.now(),
): Promise<{ expires: string; signature: string }> {
  const expires = now + PREVIEW_TICKET_MS;
  const signature = hex(await crypto.subtle.sign('HMAC', await signingKey(), message(target, expires)));
  return { expires: String(expires), signature };
}

/** Whether the request's `expires` and `signature` sign this very preview, still valid. */
export async function signedPreview(query: URLSearchParams, target: PreviewTarget, now = Date.now()) {
  const expires = Number(query.get('expires'));
  const signature = query.get('signature') ?? '';
  if (!Number.isSafeInteger(expires) || expires <= now || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return crypto.subtle.verify('HMAC', await signingKey(), bytes, message(target, expires));
}
