import * as z from 'zod/mini';

/**
 * The carts as the portal keeps them (protocol §6.2), after the wire shapes of `api.ts` were
 * normalised: ids as text, `private` shown as `isPrivate`, items as ids per resource.
 */
export const cartItemSchema = z.object({
  id: z.string(),
  /** `$resource`; `$path` is `dam/data/{resource}` */
  resource: z.string(),
  name: z.nullable(z.string()),
  title: z.nullable(z.string()),
  mimetype: z.nullable(z.string()),
  nature: z.nullable(z.string()),
  /** `metadata.filesize`, bytes: what download splitting measures (protocol §7.3) */
  filesize: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  type: z.string(),
  expires: z.nullable(z.union([z.number(), z.string()])),
  /** user ids, as text */
  collaborators: z.array(z.string()),
  /** display names of the collaborators by id, when the server gives them */
  collaboratorNames: z.record(z.string(), z.string()),
  isMine: z.boolean(),
  /** epoch ms; carts without it are kept (protocol §23.7) */
  modified: z.nullable(z.number()),
  ownerName: z.string(),
  /** ids per resource type, in cart order */
  items: z.record(z.string(), z.array(z.string())),
  total: z.int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** What a shared cart's visitor may do with it (the `share` member of a shared view). */
export const shareInfoSchema = z.object({
  uuid: z.string(),
  actions: z.array(z.string()),
  hasPassword: z.boolean(),
  description: z.string(),
});
export type ShareInfo = z.infer<typeof shareInfoSchema>;

export const codeLabelSchema = z.object({ code: z.string(), label: z.string() });
export type CodeLabel = z.infer<typeof codeLabelSchema>;

/** A link I created (demo `listShares`): never its password. */
export const createdShareSchema = z.object({
  uuid: z.string(),
  mode: z.string(),
  url: z.string(),
  description: z.string(),
  expires: z.nullable(z.union([z.number(), z.string()])),
  actions: z.array(z.string()),
  hasPassword: z.boolean(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

export const fulltextModeSchema = z.enum(['default', 'should', 'must']);
export type FulltextMode = z.infer<typeof fulltextModeSchema>;

export const sortFieldSchema = z.enum(['id', 'total', 'name', 'modified']);
export type SortField = z.infer<typeof sortFieldSchema>;

export const itemMapSchema = z.record(z.string(), z.array(z.string()));
export type ItemMap = z.infer<typeof itemMapSchema>;

/** One item of a cart, keyed by resource and id; ids are compared as text (seed 000 §5). */
export function itemKey(resource: string, id: string | number): string {
  return `${resource}/${String(id)}`;
}

export function splitItemKey(key: string): { resource: string; id: string } {
  const slash = key.indexOf('/');
  return { resource: key.slice(0, slash), id: key.slice(slash + 1) };
}

/** The keys of a cart's items, resource after resource, in cart order. */
export function itemKeys(items: ItemMap): string[] {
  return Object.entries(items).flatMap(([resource, ids]) => ids.map((id) => itemKey(resource, id)));
}

/** Keys back to the `{<resource>: [ids]}` bodies of add and remove (protocol §6.1). */
export function itemMapOf(keys: readonly string[]): ItemMap {
  const map: ItemMap = {};
  for (const key of keys) {
    const { resource, id } = splitItemKey(key);
    map[resource] ??= [];
    map[resource].push(id);
  }
  return map;
}

/**
 * [conv] The values of `shareMode` (seed 000 §7 and protocol §6.1 name the field, not its values):
 * `public` opens the link to anyone who has it, `protected` makes the server issue a password.
 */
export const SHARE_MODES = ['public', 'protected'] as const;
export const shareModeSchema = z.enum(SHARE_MODES);
export type ShareMode = z.infer<typeof shareModeSchema>;

/**
 * How a cart's content is read (seed 002 §4, protocol §6.6 setting `carts.cart.contentMode`): the
 * plain `items` of `viewCart`, the cart's list query `~[CART@{id}]`, or both.
 */
export const contentModeSchema = z.enum(['cart', 'cursor', 'both']);
export type ContentMode = z.infer<typeof contentModeSchema>;

/** The cart list query's own steps (seed 002 §4 "Cart cursor"): registered, resolved, constraints updated. */
const cartCursorStatusSchema = z.enum(['registered', 'resolved', 'constraintsUpdated']);
export type CartCursorStatus = z.infer<typeof cartCursorStatusSchema>;
