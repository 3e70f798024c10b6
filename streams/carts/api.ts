import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import type { HttpRequest } from '../core/http';
import { type Cart, type CartItem, type FulltextMode, type ItemMap, itemKey, type ShareInfo } from './model';

const CART = '/wedia/cart';

/** Ids come as numbers or text; the portal compares them as text (protocol §23.7). */
const wireId = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const optionalText = z.nullish(z.string());
const optionalNumber = z.nullish(z.number());

const wireItemSchema = z.looseObject({
  id: wireId,
  type: z.optional(z.string()),
  name: optionalText,
  title: optionalText,
  mimetype: optionalText,
  nature: optionalText,
  width: optionalNumber,
  height: optionalNumber,
  metadata: z.nullish(z.looseObject({ filesize: optionalNumber })),
});
type WireItem = z.infer<typeof wireItemSchema>;

/** `items`: an array of `{id, type}` with `output=list`, else `{<type>: [items or ids]}` (protocol §6.2). */
const wireItemsSchema = z.union([
  z.array(wireItemSchema),
  z.record(z.string(), z.array(z.union([wireItemSchema, wireId]))),
]);

const wireShareSchema = z.looseObject({
  uuid: z.string(),
  actions: z.nullish(z.array(z.string())),
  hasPassword: z.nullish(z.boolean()),
  description: optionalText,
});

export const wireCartSchema = z.looseObject({
  id: wireId,
  name: optionalText,
  description: optionalText,
  private: z.nullish(z.boolean()),
  type: optionalText,
  expires: z.nullish(z.union([z.number(), z.string()])),
  collaborators: z.nullish(z.array(z.union([wireId, z.looseObject({ id: wireId })]))),
  collaboratorDetails: z.nullish(
    z.array(z.looseObject({ id: wireId, login: optionalText, name: optionalText })),
  ),
  isMine: z.nullish(z.boolean()),
  modified: optionalNumber,
  ownerName: optionalText,
  items: z.nullish(wireItemsSchema),
  share: z.nullish(wireShareSchema),
});
export type WireCart = z.infer<typeof wireCartSchema>;

function toItem(raw: WireItem, resource: string): CartItem {
  return {
    id: raw.id,
    resource,
    name: raw.name ?? null,
    title: raw.title ?? null,
    mimetype: raw.mimetype ?? null,
    nature: raw.nature ?? null,
    filesize: raw.metadata?.filesize ?? null,
    width: raw.width ?? null,
    height: raw.height ?? null,
  };
}

/** The items of an answer, each with its resource, whichever of the two shapes it came in. */
function wireItemsOf(items: WireCart['items']): { resource: string; item: WireItem }[] {
  if (!items) return [];
  if (Array.isArray(items)) return items.map((item) => ({ resource: item.type ?? 'asset', item }));
  return Object.entries(items).flatMap(([resource, list]) =>
    list.map((entry) => ({ resource, item: typeof entry === 'string' ? { id: entry } : entry })),
  );
}

/** A cart of any answer, its items' details apart (`detailedItems` of protocol §6.2). */
export function toCart(wire: WireCart): { cart: Cart; details: CartItem[] } {
  const entries = wireItemsOf(wire.items);
  const items: ItemMap = {};
  const seen = new Set<string>();
  const details: CartItem[] = [];
  for (const { resource, item } of entries) {
    const key = itemKey(resource, item.id);
    if (seen.has(key)) continue;
    seen.add(key);
    const ids = items[resource] ?? [];
    ids.push(String(item.id));
    items[resource] = ids;
    if (item.name !== undefined || item.title !== undefined) details.push(toItem(item, resource));
  }
  const collaboratorNames: Record<string, string> = {};
  for (const person of wire.collaboratorDetails ?? []) {
    collaboratorNames[person.id] = person.name || person.login || person.id;
  }
  const cart: Cart = {
    id: String(wire.id),
    name: wire.name ?? '',
    description: wire.description ?? '',
    isPrivate: wire.private ?? true,
    type: wire.type ?? '',
    expires: wire.expires ?? null,
    collaborators: (wire.collaborators ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.id)),
    collaboratorNames,
    isMine: wire.isMine ?? false,
    modified: wire.modified ?? null,
    ownerName: wire.ownerName ?? '',
    items,
    total: seen.size,
  };
  return { cart, details };
}

export function toShareInfo(wire: WireCart, uuid: string): ShareInfo {
  return {
    uuid,
    actions: wire.share?.actions ?? [],
    hasPassword: wire.share?.hasPassword ?? false,
    description: wire.share?.description ?? '',
  };
}

const userProfileSchema = z.looseObject({
  permissions: z.nullish(z.looseObject({ makePublicBoard: z.nullish(z.boolean()) })),
});

/** protocol §6.1: merged over the default `{permissions:{makePublicBoard:false}}`. */
export function userProfile(): HttpRequest<z.infer<typeof userProfileSchema>> {
  return { method: 'GET', path: `${CART}/userProfile`, schema: userProfileSchema };
}

/**
 * The kinds of cart `listCarts` is asked for, one `type` each (seed 000 §7, protocol §6.1): the
 * three sections of the carts screen. The protocol leaves the values open; these are the ones the
 * demo server and the screen agree on.
 */
export const CART_LIST_TYPES = ['mine', 'sharedPrivate', 'sharedPublic'] as const;
export type CartListType = (typeof CART_LIST_TYPES)[number];

/** `type` repeated per kind, then `output=list` (protocol §6.1). */
export function listCarts(): HttpRequest<WireCart[]> {
  return {
    method: 'GET',
    path: `${CART}/listCarts`,
    query: { type: CART_LIST_TYPES, output: 'list' },
    schema: z.array(wireCartSchema),
  };
}

export function listCartItems(cartId: string): HttpRequest<WireCart> {
  return {
    method: 'GET',
    path: `${CART}/listCartItems/${encodeURIComponent(cartId)}`,
    query: { output: 'list' },
    schema: wireCartSchema,
  };
}

/** One of my carts; `fulltext` only when not empty, its mode only when should or must (seed 000 §5). */
export function viewCart(cartId: string, fulltext: string, mode: FulltextMode): HttpRequest<WireCart> {
  const text = fulltext.trim();
  return {
    method: 'GET',
    path: `${CART}/viewCart/${encodeURIComponent(cartId)}`,
    query: {
      no_preview: true,
      output: 'list',
      fulltext: text || undefined,
      fulltextMode: text && mode !== 'default' ? mode : undefined,
    },
    schema: wireCartSchema,
  };
}

interface CartFields {
  name: string;
  description: string;
  isPrivate: boolean;
}

/** protocol §6.1: the answer is an array whose first element is the new cart. */
export function createCart(fields: CartFields & { collaborators: string[] }): HttpRequest<WireCart[]> {
  return {
    method: 'POST',
    path: `${CART}/createCart/`,
    body: {
      json: {
        name: fields.name,
        description: fields.description,
        private: fields.isPrivate,
        collaborators: fields.collaborators,
        type: '',
        expires: null,
      },
    },
    schema: z.array(wireCartSchema).check(minLength(1)),
  };
}

export function editCart(cartId: string, fields: CartFields): HttpRequest<WireCart> {
  return {
    method: 'POST',
    path: `${CART}/editCart/${encodeURIComponent(cartId)}`,
    query: { output: 'list' },
    body: { json: { name: fields.name, description: fields.description, private: fields.isPrivate } },
    schema: wireCartSchema,
  };
}

export function deleteCart(cartId: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: `${CART}/deleteCart/${encodeURIComponent(cartId)}` };
}

export function addCartItems(cartId: string, items: ItemMap): HttpRequest<WireCart> {
  return {
    method: 'POST',
    path: `${CART}/addCartItems/${encodeURIComponent(cartId)}`,
    query: { output: 'list' },
    body: { json: { items } },
    schema: wireCartSchema,
  };
}

/** A DELETE with a JSON body (protocol §6.1). */
export function removeCartItems(cartId: string, items: ItemMap): HttpRequest<WireCart> {
  return {
    method: 'DELETE',
    path: `${CART}/removeCartItems/${encodeURIComponent(cartId)}`,
    body: { json: { items } },
    schema: wireCartSchema,
  };
}

export function addCartCollaborators(
  cartId: string,
  collaborators: string[],
  url: string,
): HttpRequest<WireCart> {
  return {
    method: 'POST',
    path: `${CART}/addCartCollaborators/${encodeURIComponent(cartId)}`,
    body: { json: { collaborators, url } },
    schema: wireCartSchema,
  };
}

export function removeCartCollaborators(cartId: string, collaborators: string[]): HttpRequest<WireCart> {
  return {
    method: 'DELETE',
    path: `${CART}/removeCartCollaborators/${encodeURIComponent(cartId)}`,
    body: { json: { collaborators } },
    schema: wireCartSchema,
  };
}

/** The spelling "unsuscribe" is part of the path (seed 000 §7). */
export function unsubscribe(cartId: string): HttpRequest<undefined> {
  return { method: 'POST', path: `${CART}/unsuscribe/${encodeURIComponent(cartId)}` };
}
