import { type Asset, relationPool } from './assets';
import { createRandom, DAY_MS, REF_MS } from './random';
import type { User } from './users';

export type AnalyticsAction = 'view' | 'download';

/** How many times one user viewed or downloaded one asset on one day. */
export interface AnalyticsEvent {
  /**
   * `YYYY-MM-DD` (UTC) in the demo calendar, where the reference date (`REF_MS`) is "today": the seed
   * fills the days before it, live logs land on it (see `analyticsDay`).
   */
  day: string;
  object: 'asset';
  id: number;
  action: AnalyticsAction;
  user: number;
  count: number;
}

/** Days of seeded history before the reference date. */
export const ANALYTICS_DAYS = 400;
const DRAWS = 24_000;

/** Day numbers (days since the epoch, UTC). */
export const REF_DAY = Math.floor(REF_MS / DAY_MS);
export const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayText = (number: number): string => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The demo calendar's day of a live log: always the reference day ("today"). */
export const analyticsDay = (): string => dayText(REF_DAY);

/**
 * The real date a demo-calendar day is shown as: the reference day is today (UTC), the day before it
 * yesterday, and so on.
 */
export function shownDate(day: string, now = Date.now()): string {
  return dayText(dayNumber(day) + Math.floor(now / DAY_MS) - REF_DAY);
}

/**
 * Whether a demo-calendar day is within the last `nbrDays` days, today (the reference day) included;
 * `nbrDays` <= 0 means all days.
 */
export function withinDays(day: string, nbrDays: number): boolean {
  return nbrDays <= 0 || dayNumber(day) > REF_DAY - nbrDays;
}

/**
 * Sparse events over the 400 days before the reference date. Popularity is skewed (a few assets get
 * most of the views), so the top lists have a clear head; about one view in eight is a download.
 * Activity grows towards the reference date and is lower at weekends, so the daily trend has a shape.
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
    // more recent days are more likely: the square root leans towards the reference date
    const ago = 1 + Math.floor((ANALYTICS_DAYS - 1) * (1 - Math.sqrt(rand.next())));
    const dayNumberOf = REF_DAY - ago;
    const weekday = new Date(dayNumberOf * DAY_MS).getUTCDay();
    if ((weekday === 0 || weekday === 6) && rand.chance(0.6)) continue;
    const day = dayText(dayNumberOf);
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

/** The filters every analytics figure is computed with. */
export interface AnalyticsFilter {
  action?: AnalyticsAction;
  nbrDays: number;
  /** only this user's events */
  user?: number;
  /** only these resources (absent or empty: all) */
  objects?: readonly string[];
  /** only these entity ids */
  ids?: readonly number[];
}

export function matches(event: AnalyticsEvent, filter: AnalyticsFilter): boolean {
  if (filter.action && event.action !== filter.action) return false;
  if (filter.user !== undefined && event.user !== filter.user) return false;
  if (filter.objects && filter.objects.length > 0 && !filter.objects.includes(event.object)) return false;
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  return withinDays(event.day, filter.nbrDays);
}

/** Counts per key of the matching events, biggest first, ties by key; at most `max` (<= 0: all). */
export function countBy(
  events: readonly AnalyticsEvent[],
  filter: AnalyticsFilter,
  keyOf: (event: AnalyticsEvent) => string,
  max: number,
): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (!matches(event, filter)) continue;
    const key = keyOf(event);
    counts.set(key, (counts.get(key) ?? 0) + event.count);
  }
  const list = [...counts].map(([key, count]) => ({ key, count }));
  list.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key, 'en', { numeric: true }));
  return max > 0 ? list.slice(0, max) : list;
}

/** Views and downloads per day over the last `nbrDays` days (<= 0: the whole history), oldest first. */
export function dailyTrend(
  events: readonly AnalyticsEvent[],
  filter: Omit<AnalyticsFilter, 'action'>,
): { day: string; view: number; download: number }[] {
  const days = filter.nbrDays > 0 ? filter.nbrDays : ANALYTICS_DAYS + 1;
  const first = REF_DAY - days + 1;
  const rows = Array.from({ length: days }, (_, index) => ({
    day: dayText(first + index),
    view: 0,
    download: 0,
  }));
  for (const event of events) {
    if (!matches(event, { ...filter, nbrDays: days })) continue;
    const row = rows[dayNumber(event.day) - first];
    if (row) row[event.action] += event.count;
  }
  return rows;
}
