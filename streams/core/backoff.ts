/**
 * The wait before the n-th new attempt (1-based) of every retry and poll that backs off: `baseMs`,
 * doubling each time, never above `capMs`. Downloads' readiness checks, import commands' status
 * polls and the read-back after a lost answer all use it.
 */
export function backoffMs(attempt: number, baseMs: number, capMs = Number.POSITIVE_INFINITY): number {
  return Math.min(capMs, baseMs * 2 ** (attempt - 1));
}
