import { type Asset, findAsset } from '../db/assets';
import type { Cart, CartShare } from '../db/carts';
import type { User } from '../db/users';
import { HOSTILE_URL, hostileName } from '../hostile';
import { runtime } from '../runtime';
import { type CartRef, itemPairs } from './cart-access';

/** A user as carts show them: owner and collaborators. */
export interface WirePerson {
  id: number;
  login: string;
  name: string;
  email: string;
}

function person(userId: number): WirePerson | undefined {
  const user = runtime.db.users.find((candidate) => candidate.id === userId);
  return (
    user && { id: user.id, login: user.login, name: `${user.firstname} ${user.lastname}`, email: user.email }
  );
}

/** An item of a cart: `{id, type}` plus, when detailed, what the cart view shows (protocol §6.2). */
export type WireItem = { id: string; type: string } & Partial<ReturnType<typeof assetDetails>>;

/** The thumbnail the viewer may see: `_w` when their role is watermarked (protocol §6.1). */
function thumbnailPath(asset: Asset, viewer: User | undefined): string {
  const variation = viewer?.role.watermark ? 'thumbnailBig_w' : 'thumbnailBig';
  return `/api/wedia/dam/variation/asset/${asset.id}/${variation}`;
}

function assetDetails(asset: Asset, viewer: User | undefined) {
  return {
    name: hostileName(asset.name),
    title: hostileName(asset.title),
    description: asset.description,
    filename: asset.filename,
    mimetype: asset.mimetype,
    nature: asset.assetnature.code,
    width: asset.width,
    height: asset.height,
    duration: asset.duration,
    author: asset.author,
    modified: asset.modified,
    $uuid: asset.$uuid,
    /** `metadata.filesize` (bytes) is what download splitting measures (protocol §7.3) */
    metadata: {
      filesize: asset.filesize,
      mimetype: asset.mimetype,
      width: asset.width,
      height: asset.height,
    },
    thumbnail: thumbnailPath(asset, viewer),
  };
}

export function wireItem(type: string, id: string, viewer: User | undefined, detailed: boolean): WireItem {
  const asset = detailed && type === 'asset' ? findAsset(runtime.db.assets, id) : undefined;
  return asset ? { id, type, ...assetDetails(asset, viewer) } : { id, type };
}

/** Array form (`output=list`) or map form `{<type>: [items]}` (protocol §6.2). */
export function wireItems(
  pairs: readonly { type: string; id: string }[],
  options: { asList: boolean; detailed: boolean; viewer: User | undefined },
): WireItem[] | Record<string, WireItem[]> {
  const items = pairs.map(({ type, id }) => wireItem(type, id, options.viewer, options.detailed));
  if (options.asList) return items;
  const grouped: Record<string, WireItem[]> = {};
  for (const item of items) {
    grouped[item.type] = [...(grouped[item.type] ?? []), item];
  }
  return grouped;
}

/** What a share's visitors learn about it; never its password. */
export function wireShare(share: CartShare) {
  return {
    uuid: share.uuid,
    mode: share.mode,
    description: share.description,
    expires: share.expires,
    actions: share.actions,
    profile: share.profile,
    withAssetsDescriptions: share.withAssetsDescriptions,
    hasPassword: share.password !== null,
    created: share.created,
    // a real server may name the share's link; a hostile one names a script
    ...(runtime.settings['hostile.urls'] && { url: HOSTILE_URL }),
  };
}

export interface WireCartOptions {
  /** `output=list`: items as an array */
  asList: boolean;
  /** items with their details (cart views), or `{id, type}` only (lists) */
  detailed: boolean;
  /** only these items (a full-text filter), default all */
  pairs?: readonly { type: string; id: string }[];
}

/** A cart as the client reads it (protocol §6.2): id as text, `private`, `isMine`, items. */
export function wireCart(ref: CartRef, options: WireCartOptions) {
  const { cart, user, share } = ref;
  const pairs = options.pairs ?? itemPairs(cart);
  return {
    id: ref.wireId,
    name: hostileName(cart.name),
    description: cart.description,
    private: cart.private,
    type: cart.type,
    expires: cart.expires,
    owner: cart.owner,
    ownerName: person(cart.owner)?.name ?? '',
    collaborators: [...cart.collaborators],
    collaboratorDetails: cart.collaborators.flatMap((id) => person(id) ?? []),
    isMine: user?.id === cart.owner,
    created: cart.created,
    modified: cart.modified,
    total: pairs.length,
    items: wireItems(pairs, { ...options, viewer: user }),
    ...(share && { share: wireShare(share) }),
  };
}

/** The cart of a user, by its id. */
export function ownCartRef(cart: Cart, user: User): CartRef {
  return { cart, user, wireId: String(cart.id) };
}
