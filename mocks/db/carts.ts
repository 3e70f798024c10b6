import { type Asset, type AssetNatureCode, relationPool } from './assets';
import { createRandom, DAY_MS, REF_MS, type Random } from './random';
import type { Theme } from './tree';
import { USER_IDS } from './users';

/** A cart (board), as stored; the wire shape (ids as strings, `isMine`, detailed items) is the handlers' job. */
export interface Cart {
  id: number;
  name: string;
  description: string;
  /** private: only the owner and the collaborators see it; public: every user does */
  private: boolean;
  type: string;
  /** epoch ms, `null` when it never expires */
  expires: number | null;
  owner: number;
  /** user ids */
  collaborators: number[];
  /** users who left this public cart without being collaborators: it is no longer listed for them */
  unsubscribed: number[];
  /** ids as strings, grouped by resource (protocol §6.1, "Add items") */
  items: Record<string, string[]>;
  created: number;
  modified: number;
}

/** A share of a cart, opened at `/share/:uuid` (link) or downloaded as a zip. */
export interface CartShare {
  uuid: string;
  cartId: number;
  mode: 'link' | 'zip';
  description: string;
  expires: number | null;
  /** share action codes (link shares) */
  actions: string[];
  /** zip profile code (zip shares) */
  profile: string | null;
  collaborators: number[];
  askForPassword: boolean;
  /** issued by the server when a password was asked for */
  password: string | null;
  withAssetsDescriptions: boolean;
  createdBy: number;
  created: number;
}

export interface ShareAction {
  code: string;
  label: string;
  description: string;
}

export interface ZipProfile {
  code: string;
  label: string;
  description: string;
  /** size of a file in this profile relative to the original, for the size test */
  sizeRatio: number;
}

export const SHARE_ACTIONS: readonly ShareAction[] = [
  { code: 'view', label: 'View', description: 'Browse the cart and its previews' },
  { code: 'download', label: 'Download', description: 'Download the cart as a zip' },
  { code: 'comment', label: 'Comment', description: 'Leave comments on the items' },
  { code: 'copy', label: 'Copy to my carts', description: 'Add the items to a cart of ones own' },
];

export const ZIP_PROFILES: readonly ZipProfile[] = [
  { code: 'originals', label: 'Originals', description: 'The files as they were uploaded', sizeRatio: 1 },
  { code: 'web', label: 'Web', description: 'JPEG, 1920 px on the long side', sizeRatio: 0.08 },
  { code: 'hd', label: 'High definition', description: 'JPEG, 4000 px on the long side', sizeRatio: 0.35 },
];

const MB = 1024 * 1024;
/** ordinary carts hold small files, so downloading them needs neither a warning nor a split */
const SMALL_FILE = 6 * MB;

interface ItemRule {
  count?: number;
  theme?: string;
  nature?: AssetNatureCode;
  minSize?: number;
  maxSize?: number;
  /** instead of a count: take items until their total size passes this */
  untilTotal?: number;
  /** then add one asset of the nature larger than this */
  plusOneOver?: number;
}

interface CartSeed {
  name: string;
  description: string;
  owner: number;
  private: boolean;
  collaborators?: number[];
  items: ItemRule;
  expiresInDays?: number;
}

const { alice, bob, carol } = USER_IDS;

/**
 * Cart ids are the index + 1. Cart 4 is larger than `zip.maxSize` (its download is refused, then
 * split; one of its videos alone is over the limit and is skipped); cart 5 is between
 * `zip.warnSize` and `zip.maxSize` (its download asks for confirmation).
 */
const CART_SEEDS: CartSeed[] = [
  {
    name: 'Spring campaign 2026',
    description: 'Selects for the spring launch',
    owner: alice,
    private: true,
    collaborators: [bob],
    items: { count: 24, theme: 'Campaigns', nature: 'image' },
  },
  {
    name: 'Brand kit',
    description: 'Logos, colours and type for partners',
    owner: alice,
    private: false,
    items: { count: 12, theme: 'Logos & identity' },
  },
  {
    name: 'Trade fair Lyon',
    description: 'Booth pictures and videos',
    owner: alice,
    private: true,
    collaborators: [bob, carol],
    items: { count: 18, theme: 'Events' },
  },
  {
    name: 'Video highlights',
    description: 'Raw footage: too large for one zip',
    owner: alice,
    private: true,
    // a split skips the video over zip.maxSize
    items: { count: 6, nature: 'video', minSize: 150 * MB, maxSize: 450 * MB, plusOneOver: 520 * MB },
  },
  {
    name: 'Press kit',
    description: 'Everything the press asked for',
    owner: alice,
    private: false,
    items: { maxSize: 40 * MB, untilTotal: 240 * MB },
  },
  {
    name: 'Outdoor product shots',
    description: 'Catalogue pictures, autumn range',
    owner: alice,
    private: true,
    collaborators: [carol],
    items: { count: 40, theme: 'Outdoor gear' },
  },
  { name: 'Moodboard', description: '', owner: alice, private: true, items: { count: 8, nature: 'image' } },
  { name: 'Empty board', description: 'Nothing in it yet', owner: alice, private: true, items: { count: 0 } },
  {
    name: 'Large selection',
    description: 'More items than one page of a cart cursor',
    owner: alice,
    private: true,
    items: { count: 150 },
  },
  {
    name: 'Office portraits',
    description: 'Team headshots for the website',
    owner: alice,
    private: false,
    collaborators: [bob],
    items: { count: 15, theme: 'Team', nature: 'image' },
  },
  {
    name: 'Old ideas',
    description: 'Expired board kept for reference',
    owner: alice,
    private: true,
    items: { count: 6 },
    expiresInDays: -10,
  },
  {
    name: 'Documents to review',
    description: 'Guidelines and decks',
    owner: alice,
    private: true,
    collaborators: [bob],
    items: { count: 12, nature: 'document' },
  },
  {
    name: "Bob's picks",
    description: 'For the newsletter',
    owner: bob,
    private: true,
    collaborators: [alice],
    items: { count: 9 },
  },
  {
    name: 'Coffee series',
    description: '',
    owner: bob,
    private: false,
    items: { count: 14, theme: 'Food & drink' },
  },
  {
    name: 'Partner selection',
    description: 'What we may use',
    owner: carol,
    private: true,
    collaborators: [alice, bob],
    items: { count: 7 },
  },
  {
    name: 'Landscapes for print',
    description: '',
    owner: carol,
    private: false,
    items: { count: 11, theme: 'Landscapes', nature: 'image' },
    // far enough for the demo clock (expiry is checked against the real time)
    expiresInDays: 3650,
  },
];

/** Cart ids worth knowing in tests. */
export const CART_IDS = { refusedZip: 4, warnedZip: 5, empty: 8, large: 9, expired: 11 } as const;

function pickItems(pool: readonly Asset[], themes: readonly Theme[], rule: ItemRule, rand: Random): Asset[] {
  const leaves = new Set(themes.find((theme) => theme.outline.name === rule.theme)?.leafIds ?? []);
  const matching = pool.filter(
    (asset) =>
      (!rule.theme || asset.categories.some((id) => leaves.has(id))) &&
      (!rule.nature || asset.assetnature.code === rule.nature) &&
      asset.filesize >= (rule.minSize ?? 0) &&
      asset.filesize <= (rule.maxSize ?? SMALL_FILE),
  );
  const picked = rand.sample(matching, rule.count ?? matching.length);
  if (rule.untilTotal !== undefined) {
    let total = 0;
    for (const [index, asset] of picked.entries()) {
      total += asset.filesize;
      if (total > rule.untilTotal) {
        picked.length = index + 1;
        break;
      }
    }
  }
  const over = rule.plusOneOver;
  const oversized =
    over && pool.find((asset) => asset.assetnature.code === rule.nature && asset.filesize > over);
  return oversized ? [...picked, oversized] : picked;
}

export function createCarts(assets: readonly Asset[], themes: readonly Theme[]): Cart[] {
  const rand = createRandom(6_001);
  const pool = relationPool(assets);
  return CART_SEEDS.map((seed, index) => {
    const id = index + 1;
    const items = pickItems(pool, themes, seed.items, rand);
    const created = REF_MS - rand.int(20, 400) * DAY_MS;
    return {
      id,
      name: seed.name,
      description: seed.description,
      private: seed.private,
      type: '',
      expires: seed.expiresInDays === undefined ? null : REF_MS + seed.expiresInDays * DAY_MS,
      owner: seed.owner,
      collaborators: seed.collaborators ?? [],
      unsubscribed: [],
      items: { asset: items.map((asset) => String(asset.id)) },
      created,
      modified: created + rand.int(0, (REF_MS - created) / DAY_MS) * DAY_MS,
    };
  });
}

/** Link shares: no password (cart 2), with a password (cart 3), expired (cart 7); a zip share (cart 14). */
export function createShares(): CartShare[] {
  const rand = createRandom(6_002);
  const share = (cartId: number, createdBy: number, fields: Partial<CartShare>): CartShare => ({
    uuid: rand.uuid(),
    cartId,
    mode: 'link',
    description: '',
    expires: null,
    actions: ['view', 'download'],
    profile: null,
    collaborators: [],
    askForPassword: false,
    password: null,
    withAssetsDescriptions: true,
    createdBy,
    created: REF_MS - rand.int(1, 60) * DAY_MS,
    ...fields,
  });
  return [
    share(2, alice, { description: 'Brand kit for our agencies' }),
    share(3, alice, {
      description: 'Pictures of the Lyon fair',
      askForPassword: true,
      password: 'lyon-2026',
      actions: ['view', 'download', 'comment'],
    }),
    share(7, alice, { description: 'Moodboard preview', expires: REF_MS - 5 * DAY_MS }),
    share(14, bob, {
      mode: 'zip',
      actions: ['download'],
      profile: 'web',
      description: 'Coffee pictures, web size',
    }),
  ];
}
