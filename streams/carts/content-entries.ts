import type { CartContent } from './state';

/**
 * How the carts slice starts a cart's content and keys a player: the reducer's and the selectors'
 * helpers, apart from `state.ts`, which `streams/root.ts` brings into the first download.
 */

export function emptyContent(): CartContent {
  return {
    status: 'unknown',
    error: null,
    huge: false,
    fulltext: '',
    mode: 'default',
    keys: [],
    filtered: false,
    searchApplied: false,
    details: {},
    chunkSize: 0,
    chunks: {},
    activeChunk: null,
    contentMode: 'cart',
    cursorStatus: null,
  };
}

export function playerKey(target: { cartId: string; resource: string; id: string; player: string }): string {
  return [target.cartId, target.resource, target.id, target.player].join('|');
}
