import { type AnalyticsEvent, createAnalytics } from './analytics';
import { ASSET_NATURES, type Asset, type AssetNature, createAssets } from './assets';
import {
  type Cart,
  type CartShare,
  createCarts,
  createShares,
  SHARE_ACTIONS,
  type ShareAction,
  ZIP_PROFILES,
  type ZipProfile,
} from './carts';
import { createImports, type ImportItem, type ImportJob } from './imports';
import { createNotifications, type Notification } from './notifications';
import { createCmsContent, type Page, type PageFile, type PageWidget } from './pages';
import { createSavedSearches, type SavedSearch } from './saved-searches';
import { createSchemas, type SchemaBody } from './schemas';
import { type Category, createTaxonomy, type Keyword } from './tree';
import { type Application, createAuthors, createUsers, DEMO_APPLICATION, type User } from './users';

/**
 * The whole demo database: plain, JSON-able, mutable by the handlers. Ids are numbers (the wire
 * turns them into strings where the protocol says so); every list is sorted by id.
 */
export interface Db {
  /** asset n has id n */
  assets: Asset[];
  assetNatures: AssetNature[];
  keywords: Keyword[];
  categories: Category[];
  users: User[];
  applications: Application[];
  /** schema bodies keyed by path, e.g. `dam/data/asset` */
  schemas: Record<string, SchemaBody>;
  carts: Cart[];
  shares: CartShare[];
  shareActions: ShareAction[];
  zipProfiles: ZipProfile[];
  savedSearches: SavedSearch[];
  importJobs: ImportJob[];
  importItems: ImportItem[];
  pages: Page[];
  pageWidgets: PageWidget[];
  pageFiles: PageFile[];
  notifications: Notification[];
  analytics: AnalyticsEvent[];
}

export const DEFAULT_ASSET_COUNT = 2000;

export interface CreateDbOptions {
  /** number of assets, default 2,000; seeded carts and analytics only use the first 2,000 */
  assetCount?: number;
}

/** A fresh database, the same for the same options: every value is drawn from fixed seeds. */
export function createDb(options: CreateDbOptions = {}): Db {
  const assetCount = options.assetCount ?? DEFAULT_ASSET_COUNT;
  const taxonomy = createTaxonomy();
  const users = createUsers();
  const assets = createAssets(assetCount, taxonomy, createAuthors());
  return {
    assets,
    assetNatures: [...ASSET_NATURES],
    keywords: taxonomy.keywords,
    categories: taxonomy.categories,
    users,
    applications: [{ ...DEMO_APPLICATION }],
    schemas: createSchemas(),
    carts: createCarts(assets, taxonomy.themes),
    shares: createShares(),
    shareActions: SHARE_ACTIONS.map((action) => ({ ...action })),
    zipProfiles: ZIP_PROFILES.map((profile) => ({ ...profile })),
    savedSearches: createSavedSearches(taxonomy.categories),
    ...createImports(taxonomy),
    ...createCmsContent(assets),
    notifications: createNotifications(),
    analytics: createAnalytics(assets, users),
  };
}
