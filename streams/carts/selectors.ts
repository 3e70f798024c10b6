import type { Config } from '../core/config';
import { memo } from '../core/memo';
import { imageByQuery } from '../players/selectors';
import { nameMatcher } from '../core/name-matcher';
import { selectUserId, type WithSession } from '../session/selectors';
import { selectIsWatermarked } from '../session/identity-selectors';
import { chunksOf } from './huge-cart';
import { sortCarts } from './list-rules';
import { selectAppSetting, type WithApp } from '../app/selectors';
import { selectSavedCartContentMode, type WithPreferences } from '../preferences/selectors';
import {
  type Cart,
  type CartItem,
  type ContentMode,
  contentModeSchema,
  itemKey,
  splitItemKey,
} from './model';
import { emptyContent, playerKey } from './content-entries';
import type { CartContent, CartsState, Mutation, Notice, WithCarts } from './state';

export type { CartContent, Mutation, Notice, WithCarts } from './state';

export const selectListStatus = (state: WithCarts) => state.carts.list;
/** "Private" may be turned off only by users allowed to make public boards (seed 000 §3). */
export const selectMakePublicBoard = (state: WithCarts) => state.carts.profile.makePublicBoard;
/** The cart profile's read: its status and, when it failed, why. */
export const selectCartProfile = (state: WithCarts) => state.carts.profile;
export const selectFilter = (state: WithCarts) => state.carts.filter;
export const selectSort = (state: WithCarts) => state.carts.sort;

/** The outcome of the change a view asked for, by the id of its request event. */
export const selectMutation = (state: WithCarts, requestId: string | null | undefined): Mutation | null =>
  requestId ? (state.carts.mutations[requestId] ?? null) : null;

const noticeList = memo((notices: CartsState['notices']) =>
  Object.entries(notices).map(([requestId, notice]) => ({ requestId, ...notice })),
);
/** Every rolled-back change not dismissed yet, oldest first, with the id that dismisses it. */
export const selectNotices = (state: WithCarts): (Notice & { requestId: string })[] =>
  noticeList(state.carts.notices);

export const selectCart = (state: WithCarts, cartId: string): Cart | null =>
  state.carts.carts[cartId] ?? null;

const EMPTY_CONTENT = emptyContent();
export const selectContent = (state: WithCarts, cartId: string): CartContent =>
  state.carts.contents[cartId] ?? EMPTY_CONTENT;

interface CartSections {
  mine: Cart[];
  sharedPrivate: Cart[];
  sharedPublic: Cart[];
  /** carts before the filter: tells "no carts yet" from "none matches" */
  count: number;
}

const sections = memo(
  (
    ids: readonly string[],
    carts: CartsState['carts'],
    statuses: CartsState['cartStatus'],
    filter: string,
    sort: CartsState['sort'],
  ): CartSections => {
    const matches = nameMatcher(filter);
    const all = ids.flatMap((id) => carts[id] ?? []);
    // carts in error are hidden (protocol §6.3)
    const shown = sortCarts(
      all.filter((cart) => statuses[cart.id] !== 'error' && matches(cart.name)),
      sort.field,
      sort.ascending,
    );
    return {
      mine: shown.filter((cart) => cart.isMine),
      sharedPrivate: shown.filter((cart) => !cart.isMine && cart.isPrivate),
      sharedPublic: shown.filter((cart) => !cart.isMine && !cart.isPrivate),
      count: all.length,
    };
  },
);

/** The three sections of the carts screen, filtered by name and sorted. */
export const selectCartSections = (state: WithCarts): CartSections => {
  const { list, carts, cartStatus, filter, sort } = state.carts;
  return sections(list.ids, carts, cartStatus, filter, sort);
};

const byId = memo((carts: readonly Cart[]) => ({
  ids: carts.map((cart) => cart.id),
  carts: Object.fromEntries(carts.map((cart) => [cart.id, cart])),
}));

/** Carts kept from an earlier visit (issue 25, offline reading) in the three sections, filtered and sorted. */
export const selectSectionsOf = (state: WithCarts, carts: readonly Cart[]): CartSections => {
  const { filter, sort } = state.carts;
  const kept = byId(carts);
  return sections(kept.ids, kept.carts, NO_STATUSES, filter, sort);
};
const NO_STATUSES: CartsState['cartStatus'] = {};

/** The owner and the collaborators may change a cart's items. */
export function canChangeItems(cart: Cart, userId: string | null): boolean {
  return cart.isMine || (userId !== null && cart.collaborators.includes(userId));
}

const writable = memo((ids: readonly string[], carts: CartsState['carts'], userId: string | null) =>
  ids.flatMap((id) => {
    const cart = carts[id];
    return cart && canChangeItems(cart, userId) ? [cart] : [];
  }),
);

const recentFirst = memo((carts: readonly Cart[]) =>
  [...carts].sort(
    (a, b) => (b.modified ?? Number.NEGATIVE_INFINITY) - (a.modified ?? Number.NEGATIVE_INFINITY),
  ),
);

/** The carts an "Add to cart" menu offers: the recently changed first (carts without a date last). */
export const selectRecentWritableCarts = (state: WithCarts & WithSession): Cart[] =>
  recentFirst(writable(state.carts.list.ids, state.carts.carts, selectUserId(state)));

/** The keys of a cart's first items, in cart order: what its cover shows on the carts list. */
export function coverItems(cart: Cart, count: number): { resource: string; id: string }[] {
  const items: { resource: string; id: string }[] = [];
  for (const [resource, ids] of Object.entries(cart.items)) {
    for (const id of ids) {
      if (items.length >= count) return items;
      items.push({ resource, id });
    }
  }
  return items;
}

/** A cart whose expiry date is past at `now` (epoch ms, given by the view). */
export function isExpired(cart: Cart, now: number): boolean {
  if (cart.expires === null || cart.expires === '') return false;
  const at = typeof cart.expires === 'number' ? cart.expires : Date.parse(cart.expires);
  return Number.isFinite(at) && at <= now;
}

/** A cart others see: public, or with collaborators. */
export function isShared(cart: Cart): boolean {
  return !cart.isPrivate || cart.collaborators.length > 0;
}

export interface ShownItem {
  key: string;
  resource: string;
  id: string;
  /** null while its chunk is not loaded, or when the server did not return it */
  details: CartItem | null;
  /** a huge cart's item whose chunk has not come yet */
  pending: boolean;
}

export interface ItemGroup {
  resource: string;
  items: ShownItem[];
}

function groupItems(
  keys: readonly string[],
  details: Record<string, CartItem>,
  pending: ReadonlySet<string> = new Set(),
): ItemGroup[] {
  const groups = new Map<string, ShownItem[]>();
  for (const key of keys) {
    const { resource, id } = splitItemKey(key);
    const group = groups.get(resource) ?? [];
    group.push({ key, resource, id, details: details[key] ?? null, pending: pending.has(key) });
    groups.set(resource, group);
  }
  return [...groups].map(([resource, items]) => ({ resource, items }));
}

/** The keys of a huge cart whose chunk is not loaded yet. */
function pendingKeys(
  items: Cart['items'],
  chunkSize: number,
  chunkStatuses: CartContent['chunks'],
): Set<string> {
  const pending = new Set<string>();
  for (const chunk of chunksOf(items, chunkSize)) {
    if (chunkStatuses[chunk.index] === 'loaded') continue;
    for (const id of chunk.ids) pending.add(itemKey(chunk.resource, id));
  }
  return pending;
}

const grouped = memo(
  (
    keys: readonly string[],
    details: CartContent['details'],
    items: Cart['items'] | null,
    chunkSize: number,
    chunks: CartContent['chunks'],
  ) => groupItems(keys, details, items ? pendingKeys(items, chunkSize, chunks) : undefined),
);

/** A cart's items grouped by resource type, with their details (protocol §6.2 `detailedItems`). */
export const selectItemGroups = (state: WithCarts, cartId: string): ItemGroup[] => {
  const content = selectContent(state, cartId);
  if (!content.huge && isPaged(content)) return pagedGroups(content.keys, content.details);
  const chunked = content.huge && !content.filtered ? (state.carts.carts[cartId]?.items ?? null) : null;
  return grouped(content.keys, content.details, chunked, content.chunkSize, content.chunks);
};

/** A cart read page by page from its list query: the items of the pages not come yet wait. */
const pagedGroups = memo((keys: readonly string[], details: CartContent['details']) =>
  groupItems(keys, details, new Set(keys.filter((key) => !details[key]))),
);

/**
 * Whether a cart's content is shown page by page from its list query (a grid that asks for more):
 * a huge cart unless `viewCart` filtered it, a cart in cursor mode even while searched (its search
 * runs through the list query).
 */
export const isPaged = (content: Pick<CartContent, 'huge' | 'filtered' | 'contentMode'>): boolean =>
  content.huge ? !content.filtered : content.contentMode === 'cursor';

/**
 * The content mode (seed 002 §4): the user's choice in this session, else the one they saved in
 * their preferences, else the mount setting `wedia-app-carts-cart-content-mode` (protocol §6.6
 * `carts.cart.contentMode`), else `cart`.
 */
export function selectContentMode(state: WithCarts & WithApp & WithPreferences): ContentMode {
  if (state.carts.contentMode) return state.carts.contentMode;
  const saved = contentModeSchema.safeParse(selectSavedCartContentMode(state));
  if (saved.success) return saved.data;
  const setting = contentModeSchema.safeParse(selectAppSetting(state, CONTENT_MODE_SETTING));
  return setting.success ? setting.data : 'cart';
}

/** The mount setting of the content mode, as `app/started` names it. */
const CONTENT_MODE_SETTING = 'applicationCartsCartContentMode';

/**
 * The variation of protocol §6.1: `thumbnailBig`, `_w` suffix when the viewer is watermarked.
 * The names are the view's to pass (`config`): a selector never reads config.
 */
/** The thumbnails' variation for a viewer who sees watermarked content or not. */
export const variationFor = (
  watermarked: boolean,
  names: Pick<Config, 'defaultVariation' | 'watermarkSuffix'>,
): string => (watermarked ? `${names.defaultVariation}${names.watermarkSuffix}` : names.defaultVariation);

export const selectVariation = (
  state: WithSession,
  names: Pick<Config, 'defaultVariation' | 'watermarkSuffix'>,
): string => variationFor(selectIsWatermarked(state), names);

/** The browser-loaded asset image: absolute, no Authorization, no lang (protocol §1.1). */
export function variationUrl(apiPath: string, resource: string, id: string, variation: string): string {
  return imageByQuery(apiPath, resource, id, variation);
}

export const selectPlayer = (
  state: WithCarts,
  target: { cartId: string; resource: string; id: string; player: string },
) => state.carts.players[playerKey(target)] ?? null;

export const selectShared = (state: WithCarts, uuid: string) => state.carts.shared[uuid] ?? null;

const sharedGroups = memo(groupItems);
export const selectSharedItemGroups = (state: WithCarts, uuid: string): ItemGroup[] => {
  const shared = state.carts.shared[uuid];
  return shared ? sharedGroups(shared.keys, shared.details) : [];
};

const NO_IMAGES: WithCarts['carts']['sharedImages'][string] = { variation: '', items: {} };
/** The pictures of a shared cart fetched with its credentials: variation and status by item key. */
export const selectSharedImages = (state: WithCarts, uuid: string) =>
  state.carts.sharedImages[uuid] ?? NO_IMAGES;

export const selectShareActions = (state: WithCarts) => state.carts.shareActions;
export const selectShareDialog = (state: WithCarts, cartId: string) =>
  state.carts.shareDialog[cartId] ?? null;
export const selectSharesOf = (state: WithCarts, cartId: string) => state.carts.sharesOf[cartId] ?? null;
/** The outcome of an action on a shared cart, by the id of its request event. */
export const selectShareAction = (state: WithCarts, requestId: string | null) =>
  requestId ? (state.carts.shareAction[requestId] ?? null) : null;

const myCartsByItem = memo((ids: readonly string[], carts: CartsState['carts']) => {
  const byItem = new Map<string, string[]>();
  for (const id of ids) {
    const cart = carts[id];
    if (!cart?.isMine) continue;
    for (const [resource, itemIds] of Object.entries(cart.items)) {
      for (const itemId of itemIds) {
        const key = itemKey(resource, itemId);
        const names = byItem.get(key);
        if (names) names.push(cart.name);
        else byItem.set(key, [cart.name]);
      }
    }
  }
  return byItem as ReadonlyMap<string, readonly string[]>;
});

/**
 * The names of my carts that hold each item, by item key (`itemKey(resource, id)`): the carts list
 * carries every cart's item ids, so no cart is opened for it. Empty until the list is read.
 */
export const selectMyCartsByItem = (state: WithCarts): ReadonlyMap<string, readonly string[]> =>
  myCartsByItem(state.carts.list.ids, state.carts.carts);
