import { HttpResponse, http } from 'msw';
import { SHARE_MODES, type ShareMode, shareModeSchema } from '../../streams/carts/model';
import { findAsset } from '../db/assets';
import type { Cart, CartShare } from '../db/carts';
import type { User } from '../db/users';
import { parseVariation, renderAssetImage } from '../media/asset-image';
import { HOSTILE_PLAYER_HTML, HOSTILE_URL } from '../hostile';
import { escapeXml } from '../media/svg';
import { runtime } from '../runtime';
import { buildZip } from '../zip/contents';
import {
  cartForUser,
  cartHasItem,
  cartOrShare,
  guarded,
  HttpFailure,
  isExpired,
  type JsonObject,
  jsonBody,
  openShare,
  optionalText,
  parseExpires,
  parseItemMap,
  requireUser,
} from './cart-access';
import { type Caller, callerOf } from './caller';
import { wireShare } from './cart-wire';
import { findUser, listOf } from './carts';
import { type PreviewTarget, signedPreview, signPreview } from './preview-tickets';
import { errorResponse, imageResponse } from './respond';

const CART = '*/api/wedia/cart';

/** Unambiguous letters and digits: passwords are read aloud and typed by hand. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A password the server issues for a share: three groups of four, e.g. `k7mq-ta2x-9hfw`. */
function issuePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]);
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Share recipients: users (by id, login or e-mail address) and other e-mail addresses. */
function recipients(value: unknown): { users: User[]; emails: string[] } {
  const users: User[] = [];
  const emails = new Set<string>();
  for (const entry of listOf(value, 'collaborators')) {
    const user = findUser(entry);
    if (user) {
      users.push(user);
      emails.add(user.email);
    } else if (typeof entry === 'string' && entry.includes('@')) emails.add(entry);
    else throw new HttpFailure(400, `Unknown collaborator ${String(entry)}`);
  }
  return { users, emails: [...emails] };
}

/** The link of a share: the body's `url` with `{uuid}` replaced, else `{origin}/share/{uuid}`. */
function shareLink(request: Request, url: string, uuid: string): string {
  if (runtime.settings['hostile.urls']) return HOSTILE_URL;
  return url.includes('{uuid}')
    ? url.replaceAll('{uuid}', uuid)
    : `${new URL(request.url).origin}/share/${uuid}`;
}

function createShare(
  request: Request,
  cart: Cart,
  user: User,
  body: JsonObject,
  fields: Pick<CartShare, 'mode' | 'actions' | 'profile' | 'askForPassword' | 'withAssetsDescriptions'>,
) {
  const { users, emails } = recipients(body.collaborators);
  const share: CartShare = {
    uuid: crypto.randomUUID(),
    cartId: cart.id,
    description: optionalText(body, 'description', ''),
    expires: parseExpires(body.expires),
    collaborators: users.map((recipient) => recipient.id),
    password: fields.askForPassword ? issuePassword() : null,
    createdBy: user.id,
    created: Date.now(),
    ...fields,
  };
  runtime.db.shares.push(share);
  const url = shareLink(request, optionalText(body, 'url', ''), share.uuid);
  if (emails.length > 0) {
    runtime.outbox.push({
      at: share.created,
      kind: 'shareLink',
      to: emails,
      subject: `${user.firstname} ${user.lastname} shares "${cart.name}" with you`,
      link: url,
    });
  }
  // the password is in this answer only: no other call returns it
  return HttpResponse.json({ ...wireShare(share), cartId: String(cart.id), url, password: share.password });
}

/**
 * A share again with the `uuid` of one of my links of this cart: its new `expires` replaces the
 * old one (demo convention: protocol §6.1 has no revoke call; an `expires` in the past revokes
 * the link, which then answers 404 like any expired share).
 */
function reshare(cart: Cart, user: User, body: JsonObject) {
  const share = runtime.db.shares.find(
    (candidate) =>
      candidate.uuid === body.uuid && candidate.cartId === cart.id && candidate.createdBy === user.id,
  );
  if (!share) throw new HttpFailure(404, `Unknown share ${String(body.uuid)} of this cart`);
  share.expires = parseExpires(body.expires);
  return HttpResponse.json({ ...wireShare(share), cartId: String(cart.id) });
}

/** `shareMode` of the variant body (protocol §6.1), one of SHARE_MODES [conv]; absent: the options body. */
function shareModeOf(value: unknown): ShareMode | null {
  if (value === undefined || value === null) return null;
  const parsed = shareModeSchema.safeParse(value);
  if (!parsed.success)
    throw new HttpFailure(400, `Unknown share mode ${String(value)}: ${SHARE_MODES.join(' or ')}`);
  return parsed.data;
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw new HttpFailure(400, `${field} must be a list of codes`);
  }
  return value;
}

/**
 * An item of a cart the caller may see, with the same rights as `viewCart`: the owner, a
 * collaborator, any user for a public cart, or anyone with the share's password (Basic, empty
 * user). Whoever may not see the cart gets the same answer whether or not the item is in it,
 * and whether or not the cart exists (401 visitor, 404 `Unknown cart`, 401/404 for a share), so
 * previews tell nobody who holds which asset.
 */
function previewItem(request: Request, cartId: string, type: string, id: string) {
  const ref = cartOrShare(request, cartId);
  const asset =
    type === 'asset' && cartHasItem(ref.cart, type, id) ? findAsset(runtime.db.assets, id) : undefined;
  if (!asset) throw new HttpFailure(404, `Unknown item ${type}/${id} in cart ${cartId}`);
  return { ref, asset };
}

/** The watermarked form of a variation for a watermarked viewer (protocol §6.1, seed 000 §3). */
const variationFor = (name: string, user: User | undefined) =>
  user?.role.watermark && !name.endsWith('_w') ? `${name}_w` : name;

/** A preview asked for with the caller's own credentials: their rights, and `_w` when watermarked. */
function permittedPreview(request: Request, target: PreviewTarget) {
  const { ref, asset } = previewItem(request, target.cartId, target.type, target.id);
  if (ref.user?.role.watermark && !target.variation.endsWith('_w')) {
    throw new HttpFailure(403, 'Your role sees watermarked previews only (the _w variations)');
  }
  return asset;
}

/** Previews are the caller's: a shared cache must not keep them for someone else. */
const PRIVATE_IMAGE = { 'Cache-Control': 'private, max-age=600' };

const cssSize = (value: string | null) => (value && /^\d+$/.test(value) ? `${value}px` : value || '100%');

/** The assets a share download holds: the given items of the share's cart, or all of them. */
function shareDownloadAssets(cart: Cart, items: Record<string, string[]>) {
  const ids = Object.keys(items).length > 0 ? (items.asset ?? []) : (cart.items.asset ?? []);
  return ids
    .filter((id) => cartHasItem(cart, 'asset', id))
    .flatMap((id) => findAsset(runtime.db.assets, id) ?? []);
}

/** Longest comment the demo takes, in characters. */
const MAX_COMMENT = 2000;

/** A comment's text, `{comment}` in the body ([conv]): present, not blank, not too long. */
function checkComment(value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new HttpFailure(400, 'A comment needs a text');
  }
  if (value.length > MAX_COMMENT)
    throw new HttpFailure(400, `A comment is at most ${MAX_COMMENT} characters`);
}

/**
 * A recipient's comment reaches the cart's owner as a notification (issue 28): who wrote it (a
 * visitor when nobody signed in), the text as written, a link to the cart.
 */
function notifyComment(cart: Cart, caller: Caller, text: string, onItem: boolean): void {
  const user = caller.kind === 'user' ? caller.user : undefined;
  const author = { en: 'A visitor', fr: 'Un visiteur' };
  if (user) author.en = author.fr = `${user.firstname} ${user.lastname}`;
  const created = Date.now();
  runtime.db.notifications.push({
    key: `n-comment-${cart.id}-${created}-${runtime.db.notifications.length}`,
    user: cart.owner,
    type: 'cart.comment',
    title: `${author.en} commented on "${cart.name}"${onItem ? ' (an item)' : ''}`,
    message: text,
    created,
    read: false,
    link: `/carts/${cart.id}`,
    ...(user ? { author: author.en } : {}),
    fr: { title: `${author.fr} a commenté « ${cart.name} »${onItem ? ' (un élément)' : ''}`, message: text },
  });
}

/**
 * `withShare/{uuid}/{action}[/{type}/{id}]`: the action must be one the share allows; a comment
 * needs its text. `download`
 * answers the zip itself (the binary variant of protocol §6.1); the other actions answer `{}`.
 */
const actOnShare = guarded(
  async ({
    request,
    params,
  }: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => {
    const { share, cart } = openShare(request, String(params.uuid));
    const action = String(params.action);
    if (!share.actions.includes(action)) throw new HttpFailure(403, `This share does not allow ${action}`);
    const type = params.type === undefined ? undefined : String(params.type);
    const id = params.id === undefined ? undefined : String(params.id);
    if (type !== undefined && id !== undefined && !cartHasItem(cart, type, id)) {
      throw new HttpFailure(404, `Unknown item ${type}/${id} in this share`);
    }
    const body = await jsonBody(request);
    if (action === 'comment') {
      checkComment(body.comment);
      notifyComment(cart, callerOf(request), String(body.comment), type !== undefined && id !== undefined);
    }
    if (action !== 'download') return HttpResponse.json({});
    const items =
      type !== undefined && id !== undefined ? { [type]: [id] } : parseItemMap(body.items, 'items');
    const profile = runtime.db.zipProfiles.find(
      (candidate) => candidate.code === (share.profile ?? 'originals'),
    );
    if (!profile) throw new HttpFailure(500, `Unknown profile ${share.profile}`);
    const bytes = await buildZip({
      title: cart.name,
      assets: shareDownloadAssets(cart, items),
      profile,
      withContactSheet: false,
      withAssetsDescriptions: share.withAssetsDescriptions,
      keywords: runtime.db.keywords,
    });
    return new HttpResponse(bytes, { headers: { 'Content-Type': 'application/zip' } });
  },
);

/** Share actions and zip profiles, share creation, acting on a share, item previews (protocol §6.1). */
export const shareHandlers = [
  http.get(`${CART}/listShareActions`, () => HttpResponse.json(runtime.db.shareActions)),

  http.get(`${CART}/profiles`, () => HttpResponse.json(runtime.db.zipProfiles)),

  http.post(
    `${CART}/shareCart/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'own');
      const body = await jsonBody(request);
      if (body.uuid !== undefined) return reshare(cart, user, body);
      const known = new Set(runtime.db.shareActions.map((action) => action.code));
      const actions = stringList(body.actions, 'actions');
      const unknown = actions.find((code) => !known.has(code));
      if (unknown !== undefined) throw new HttpFailure(400, `Unknown share action ${unknown}`);
      const shareMode = shareModeOf(body.shareMode);
      return createShare(request, cart, user, body, {
        mode: 'link',
        actions: actions.length > 0 ? actions : ['view'],
        profile: null,
        // the mode variant: `protected` is a link with a password, and descriptions are the default
        askForPassword: shareMode ? shareMode === 'protected' : body.askForPassword === true,
        withAssetsDescriptions: shareMode ? true : body.withAssetsDescriptions !== false,
      });
    }),
  ),

  http.post(
    `${CART}/shareZip/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'own');
      const body = await jsonBody(request);
      const code = body.profile ?? 'originals';
      if (!runtime.db.zipProfiles.some((profile) => profile.code === code)) {
        throw new HttpFailure(400, `Unknown profile ${String(code)}`);
      }
      return createShare(request, cart, user, body, {
        mode: 'zip',
        actions: ['download'],
        profile: String(code),
        askForPassword: false,
        withAssetsDescriptions: true,
      });
    }),
  ),

  // demo extension, in no document (a real server refuses it): the shares I created, optionally of
  // one cart, no passwords; the client shows them as "Links of this cart" and does without them
  http.get(
    `${CART}/listShares`,
    guarded(({ request }) => {
      const user = requireUser(request);
      const cartId = new URL(request.url).searchParams.get('cartId');
      const mine = runtime.db.shares.filter(
        (share) =>
          share.createdBy === user.id &&
          !isExpired(share.expires) &&
          (cartId === null || String(share.cartId) === cartId),
      );
      return HttpResponse.json(mine.map((share) => ({ ...wireShare(share), cartId: String(share.cartId) })));
    }),
  ),

  // the `download` action answers the zip itself (the binary variant); the others answer {}
  http.post(`${CART}/withShare/:uuid/:action`, actOnShare),
  http.post(`${CART}/withShare/:uuid/:action/:type/:id`, actOnShare),
  // the player's image is loaded by the browser without Authorization: its address is signed
  http.get(
    `${CART}/itemPreview/player/:player/:cartId/:type/:id`,
    guarded(async ({ request, params }) => {
      const cartId = String(params.cartId);
      const { ref, asset } = previewItem(request, cartId, String(params.type), String(params.id));
      if (runtime.settings['hostile.playerHtml']) {
        return HttpResponse.json({ html: HOSTILE_PLAYER_HTML, javascriptUrls: [] });
      }
      const query = new URL(request.url).searchParams;
      const target = {
        variation: variationFor('preview', ref.user),
        cartId,
        type: 'asset',
        id: String(asset.id),
      };
      const signed = new URLSearchParams(await signPreview(target));
      const path = [target.variation, cartId, target.type, target.id].map(encodeURIComponent).join('/');
      const src = `${new URL(request.url).origin}/api/wedia/cart/itemPreview/variation/${path}?${signed}`;
      const style = `width:${cssSize(query.get('width'))};height:${cssSize(query.get('height'))};object-fit:contain`;
      return HttpResponse.json({
        html:
          `<figure class="cart-item-player" data-player="${escapeXml(String(params.player))}">` +
          `<img src="${escapeXml(src)}" alt="${escapeXml(asset.name)}" style="${style}">` +
          `<figcaption>${escapeXml(asset.name)}</figcaption></figure>`,
        javascriptUrls: [],
      });
    }),
  ),

  // the caller's rights as for viewCart, or a signed address from a player answer; a watermarked
  // user gets `_w` variations only
  http.get(
    `${CART}/itemPreview/variation/:variation/:cartId/:type/:id`,
    guarded(async ({ request, params }) => {
      const target = {
        variation: String(params.variation),
        cartId: String(params.cartId),
        type: String(params.type),
        id: String(params.id),
      };
      const asset = (await signedPreview(new URL(request.url).searchParams, target))
        ? findAsset(runtime.db.assets, target.id)
        : permittedPreview(request, target);
      if (!asset)
        throw new HttpFailure(404, `Unknown item ${target.type}/${target.id} in cart ${target.cartId}`);
      const variation = parseVariation(target.variation);
      if (!variation) return errorResponse(404, `Unknown variation ${target.variation}`);
      return imageResponse(renderAssetImage(asset, variation), PRIVATE_IMAGE);
    }),
  ),
];
