/** The generic status order of seed 000 §4 (protocol §2.1): "reached" means at or after. */
export const STATUS_ORDER = [
  'unknown',
  'registering',
  'registered',
  'resolving',
  'resolved',
  'initial',
  'invalid',
  'loaded',
  'fetching',
  'next',
  'error',
  'not_found',
] as const;

export type Status = (typeof STATUS_ORDER)[number];

const rank = new Map<Status, number>(STATUS_ORDER.map((status, index) => [status, index]));

export function reached(current: Status, target: Status): boolean {
  return rank.get(current)! >= rank.get(target)!;
}

/** An operation on an object is skipped while it is in one of these (seed 000 §4). */
const ASYNC_STATUSES: readonly Status[] = ['registering', 'resolving', 'initial', 'fetching', 'next'];

export function isBusy(status: Status): boolean {
  return ASYNC_STATUSES.includes(status);
}
