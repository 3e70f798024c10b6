import { createAssets } from './assets';
import type { Cart } from './carts';
import type { Db } from './index';
import { REF_MS } from './random';
import { createTaxonomy } from './tree';
import { createAuthors, USER_IDS } from './users';

/**
 * Adds a cart of the first `count` assets for alice (`POST /__mock/carts/huge`), for scale tests.
 * Missing assets are generated first, exactly as `DEMO_ASSETS` would (asset n is the same for any
 * count >= n). Not seeded: seeded carts stay the same whatever the number of assets.
 */
export function addHugeCart(db: Db, count: number): Cart {
  if (db.assets.length < count) {
    const grown = createAssets(count, createTaxonomy(), createAuthors());
    for (const asset of grown.slice(db.assets.length)) db.assets.push(asset);
  }
  const cart: Cart = {
    id: Math.max(0, ...db.carts.map((existing) => existing.id)) + 1,
    name: `Huge selection (${count} items)`,
    description: 'For scale tests',
    private: true,
    type: '',
    expires: null,
    owner: USER_IDS.alice,
    collaborators: [],
    unsubscribed: [],
    items: { asset: db.assets.slice(0, count).map((asset) => String(asset.id)) },
    created: REF_MS,
    modified: REF_MS,
  };
  db.carts.push(cart);
  return cart;
}
