import { type Asset, relationPool } from './assets';
import { createRandom, DAY_MS, REF_MS } from './random';
import type { User } from './users';

export type AnalyticsAction = 'view' | 'download';

/** How many times one user viewed or downloaded one asset on one day. */
export interface AnalyticsEvent {
  /** `YYYY-MM-DD` (UTC) */
  day: string;
  object: 'asset';
  id: number;
  action: AnalyticsAction;
  user: number;
  count: number;
}

export const ANALYTICS_DAYS = 90;
const DRAWS = 8000;

/**
 * Sparse events over the 90 days before the reference date. Popularity is skewed (a few assets get
 * most of the views), so the top lists have a clear head; about one view in eight is a download.
 */
export function createAnalytics(assets: readonly Asset[], users: readonly User[]): AnalyticsEvent[] {
  const rand = createRandom(8_001);
  const pool = relationPool(assets);
  if (pool.length === 0) return [];
  // a seeded ranking of the pool: rank 0 is the most popular asset
  const ranking = rand.sample(pool, pool.length);
  const byKey = new Map<string, AnalyticsEvent>();
  for (let draw = 0; draw < DRAWS; draw++) {
    const asset = ranking[Math.floor(ranking.length * rand.next() ** 3)] as Asset;
    // the four demo accounts are the most active
    const user = rand.chance(0.7) ? rand.int(1, 4) : rand.pick(users).id;
    const day = new Date(REF_MS - rand.int(1, ANALYTICS_DAYS) * DAY_MS).toISOString().slice(0, 10);
    const action: AnalyticsAction = rand.chance(0.12) ? 'download' : 'view';
    const key = `${day}|${asset.id}|${action}|${user}`;
    const event = byKey.get(key);
    if (event) event.count += 1;
    else byKey.set(key, { day, object: 'asset', id: asset.id, action, user, count: 1 });
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) || a.id - b.id || a.action.localeCompare(b.action) || a.user - b.user,
  );
}
