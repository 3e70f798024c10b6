import type { AppState } from '../app/reducer';
import { config } from '../core/config';
import { encodePairs } from '../core/http';
import type { SessionState } from '../session/reducer';
import { selectIsWatermarked, selectUserId } from '../session/selectors';
import { nameMatcher } from '../core/name-matcher';
import { type SharedLimits, sharedLimit, sortCarts } from './list-rules';
import { chunksOf } from './huge-cart';
import { type Cart, type CartItem, itemKey, splitItemKey } from './model';
import { type CartContent, type CartsState, emptyContent, playerKey } from './state';

type WithCarts = { carts: CartsState };
type Root = WithCarts & { session: SessionState; app: AppState };

/** Remembers the last answer while the inputs are the same objects (views compare by reference). */
function memo<I extends readonly unknown[], O>(compute: (...inputs: I) => O): (...inputs: I) => O {
  let last: { inputs: I; output: O } | null = null;
  return (...inputs) => {
    if (
      last &&
      last.inputs.length === inputs.length &&
      last.inputs.every((value, i) => value === inputs[i])
    ) {
      return last.output;
    }
    const output = compute(...inputs);
    last = { inputs, output };
    return output;
  };
}

export const selectCarts = (state: WithCarts) => state.carts;
export const selectListStatus = (state: WithCarts) => state.carts.list;
export const selectCartProfile = (state: WithCarts) => state.carts.profile;
/** "Private" may be turned off only by users allowed to make public boards (seed 000 §3). */
export const selectMakePublicBoard = (state: WithCarts) => state.carts.profile.makePublicBoard;
export const selectFilter = (state: WithCarts) => state.carts.filter;
export const selectSort = (state: WithCarts) => state.carts.sort;
export const selectMutation = (state: WithCarts) => state.carts.mutation;
export const selectNotice = (state: WithCarts) => state.carts.notice;
export const selectCart = (state: WithCarts, cartId: string): Cart | null =>
  state.carts.carts[cartId] ?? null;

const EMPTY_CONTENT = emptyContent();
export const selectContent = (state: WithCarts, cartId: string): CartContent =>
  state.carts.contents[cartId] ?? EMPTY_CONTENT;

function numberSetting(settings: Record<string, string>, name: string): number | undefined {
  const value = settings[name];
  return value === undefined ? undefined : Number(value);
}

/**
 * protocol §6.3: `carts.maxSharedCarts` (private, default 5000) and `carts.maxPublicCarts`
 * (public, default 10000), given as the mount settings `carts-max-shared-carts` and
 * `carts-max-public-carts`.
 */
export const selectSharedLimits = (state: { app: AppState }): SharedLimits => ({
  privateMax: sharedLimit(
    numberSetting(state.app.settings, 'applicationCartsMaxSharedCarts'),
    config.maxSharedCartsPrivate,
  ),
  publicMax: sharedLimit(
    numberSetting(state.app.settings, 'applicationCartsMaxPublicCarts'),
    config.maxSharedCartsPublic,
  ),
});

export interface CartSections {
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

/** The carts an "Add to cart" may add to. */
export const selectWritableCarts = (state: Root): Cart[] =>
  writable(state.carts.list.ids, state.carts.carts, selectUserId(state));

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

export function groupItems(
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
function pendingKeys(items: Cart['items'], chunkStatuses: CartContent['chunks']): Set<string> {
  const pending = new Set<string>();
  for (const chunk of chunksOf(items, config.cartCursorMax)) {
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
    chunks: CartContent['chunks'],
  ) => groupItems(keys, details, items ? pendingKeys(items, chunks) : undefined),
);

/** A cart's items grouped by resource type, with their details (protocol §6.2 `detailedItems`). */
export const selectItemGroups = (state: WithCarts, cartId: string): ItemGroup[] => {
  const content = selectContent(state, cartId);
  const chunked = content.huge && !content.filtered ? (state.carts.carts[cartId]?.items ?? null) : null;
  return grouped(content.keys, content.details, chunked, content.chunks);
};

/** The variation of protocol §6.1: `thumbnailBig`, `_w` suffix when the viewer is watermarked. */
export const selectVariation = (state: { session: SessionState }): string =>
  selectIsWatermarked(state)
    ? `${config.defaultVariation}${config.watermarkSuffix}`
    : config.defaultVariation;

/** The browser-loaded asset image: absolute, no Authorization, no lang (protocol §1.1). */
export function variationUrl(apiPath: string, resource: string, id: string, variation: string): string {
  return `${apiPath}/api/wedia/dam/variation?${encodePairs({ object: resource, id, variation }).join('&')}`;
}

export const selectApiPath = (state: { app: AppState }) => state.app.apiPath;

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

export const selectShareActions = (state: WithCarts) => state.carts.shareActions;
export const selectProfiles = (state: WithCarts) => state.carts.profiles;
export const selectShareDialog = (state: WithCarts, cartId: string) =>
  state.carts.shareDialog[cartId] ?? null;
export const selectSharesOf = (state: WithCarts, cartId: string) => state.carts.sharesOf[cartId] ?? null;
export const selectShareAction = (state: WithCarts, uuid: string) => state.carts.shareAction[uuid] ?? null;

/** The image of an item through its cart or share, for visitors of a shared cart (protocol §6.1). */
export function cartItemImageUrl(
  apiPath: string,
  variation: string,
  cartId: string,
  resource: string,
  id: string,
): string {
  const segments = [variation, cartId, resource, id].map(encodeURIComponent).join('/');
  return `${apiPath}/api/wedia/cart/itemPreview/variation/${segments}`;
}
