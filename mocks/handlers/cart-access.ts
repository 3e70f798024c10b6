import { findAsset } from '../db/assets';
import type { Cart, CartShare } from '../db/carts';
import type { User } from '../db/users';
import { runtime } from '../runtime';
import { userOf } from './caller';
import { errorResponse } from './respond';

/** A failure a handler throws; `guarded` turns it into the error body of protocol §1.9. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the cart resolvers read of MSW's resolver argument. */
export interface ResolverInfo {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}

/** Runs a resolver, answering an `HttpFailure` with its status and error body. */
export function guarded(
  resolve: (info: ResolverInfo) => Response | Promise<Response>,
): (info: ResolverInfo) => Promise<Response> {
  return async (info) => {
    try {
      return await resolve(info);
    } catch (error) {
      if (error instanceof HttpFailure) return errorResponse(error.status, error.message);
      throw error;
    }
  };
}

export type JsonObject = Record<string, unknown>;

/** Cart bodies are JSON objects (protocol §6); an empty body is `{}`. */
export async function jsonBody(request: Request): Promise<JsonObject> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpFailure(400, 'The body must be JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpFailure(400, 'The body must be a JSON object');
  }
  return value as JsonObject;
}

/** Expiry as epoch ms: a number, a date text, or null. */
export function parseExpires(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) throw new HttpFailure(400, 'expires must be epoch milliseconds or a date');
  return ms;
}

/** A text field; absent or null gives the fallback. */
export function optionalText(body: JsonObject, field: string, fallback: string): string {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new HttpFailure(400, `${field} must be text`);
  return value;
}

export function isExpired(expires: number | null, now = Date.now()): boolean {
  return expires !== null && expires <= now;
}

/** The signed-in user; carts belong to users, so applications and visitors get 401. */
export function requireUser(request: Request): User {
  const user = userOf(request);
  if (!user) throw new HttpFailure(401, 'Sign in to use carts');
  return user;
}

export type CartRole = 'owner' | 'collaborator' | 'viewer';

/** What a user may do with a cart; an expired cart is the owner's only. */
export function roleOf(cart: Cart, user: User): CartRole | undefined {
  if (cart.owner === user.id) return 'owner';
  if (isExpired(cart.expires)) return undefined;
  if (cart.collaborators.includes(user.id)) return 'collaborator';
  return cart.private ? undefined : 'viewer';
}

export function findCart(id: string): Cart | undefined {
  return /^\d+$/.test(id) ? runtime.db.carts.find((cart) => String(cart.id) === id) : undefined;
}

export type CartNeed = 'view' | 'changeItems' | 'own';

const NEED_ROLES: Record<CartNeed, readonly CartRole[]> = {
  view: ['owner', 'collaborator', 'viewer'],
  changeItems: ['owner', 'collaborator'],
  own: ['owner'],
};

const NEED_REFUSALS: Record<CartNeed, string> = {
  view: '',
  changeItems: 'Only the owner and the collaborators can change the items of a cart',
  own: 'Only the owner of a cart can do this',
};

/** One of the caller's carts: 404 `Unknown cart` when it does not exist or they cannot see it. */
export function cartForUser(request: Request, id: string, need: CartNeed): { cart: Cart; user: User } {
  const user = requireUser(request);
  const cart = findCart(id);
  const role = cart && roleOf(cart, user);
  if (!cart || !role) throw new HttpFailure(404, `Unknown cart ${id}`);
  if (!NEED_ROLES[need].includes(role)) throw new HttpFailure(403, NEED_REFUSALS[need]);
  return { cart, user };
}

/** The password of `Authorization: Basic base64(":" + password)`; the user name is ignored. */
export function basicPassword(request: Request): string | undefined {
  const encoded = /^Basic (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!encoded) return undefined;
  try {
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(encoded.trim()), (char) => char.charCodeAt(0)),
    );
    const colon = decoded.indexOf(':');
    return colon < 0 ? undefined : decoded.slice(colon + 1);
  } catch {
    return undefined;
  }
}

/** A live share and its cart: 404 when unknown or expired (share or cart). */
export function findShare(uuid: string): { share: CartShare; cart: Cart } {
  const share = runtime.db.shares.find((candidate) => candidate.uuid === uuid);
  const cart = share && runtime.db.carts.find((candidate) => candidate.id === share.cartId);
  if (!share || !cart || isExpired(share.expires) || isExpired(cart.expires)) {
    throw new HttpFailure(404, 'Unknown or expired share');
  }
  return { share, cart };
}

/** A share opened with its password when it has one (protocol §6.4): 401 when missing or wrong. */
export function openShare(request: Request, uuid: string): { share: CartShare; cart: Cart } {
  const found = findShare(uuid);
  if (found.share.password !== null && basicPassword(request) !== found.share.password) {
    throw new HttpFailure(401, 'password required');
  }
  return found;
}

/** A cart named by id (the caller's) or by share uuid (password checked), as the cart calls take it. */
export interface CartRef {
  cart: Cart;
  /** the id the client knows the cart by: the cart id, or the share uuid */
  wireId: string;
  share?: CartShare;
  /** the signed-in user, when there is one */
  user?: User;
}

export function cartOrShare(request: Request, id: string): CartRef {
  if (/^\d+$/.test(id)) {
    const { cart, user } = cartForUser(request, id, 'view');
    return { cart, wireId: id, user };
  }
  const { cart, share } = openShare(request, id);
  return { cart, share, wireId: id, user: userOf(request) };
}

/** The cart's items as (resource, id) pairs, in cart order. */
export function itemPairs(cart: Cart): { type: string; id: string }[] {
  return Object.entries(cart.items).flatMap(([type, ids]) => ids.map((id) => ({ type, id })));
}

export function cartHasItem(cart: Cart, type: string, id: string): boolean {
  return (cart.items[type] ?? []).includes(id);
}

/** Resources a cart may hold: the demo has assets only. */
export const CART_RESOURCES = ['asset'] as const;

/**
 * `items` / `selection` bodies: `{<resource>: [ids]}`, ids as strings or numbers. Unknown
 * resources are refused with 400, and so are unknown assets unless `mustExist` is false (an item
 * whose asset is gone can still be removed).
 */
export function parseItemMap(value: unknown, field: string, mustExist = true): Record<string, string[]> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpFailure(400, `${field} must be an object of resource -> ids`);
  }
  const items: Record<string, string[]> = {};
  for (const [type, ids] of Object.entries(value)) {
    if (!(CART_RESOURCES as readonly string[]).includes(type)) {
      throw new HttpFailure(400, `Unknown resource ${type} in ${field}`);
    }
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' || typeof id === 'number')) {
      throw new HttpFailure(400, `${field}.${type} must be a list of ids`);
    }
    items[type] = ids.map(String);
    const unknown = mustExist && items[type].find((id) => !findAsset(runtime.db.assets, id));
    if (unknown) throw new HttpFailure(400, `Unknown ${type} ${unknown}`);
  }
  return items;
}
