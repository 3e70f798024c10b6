import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../streams/core/backoff';
import { config } from '../../../streams/core/config';

describe('backoffMs', () => {
  it("doubles from the base and stops at the cap: the downloads' readiness retries", () => {
    const waits = [1, 2, 3, 4, 5, 6].map((attempt) =>
      backoffMs(attempt, config.downloadPollRetryBaseMs, config.downloadPollRetryMaxMs),
    );
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 16_000, 16_000]);
  });

  it('has no cap unless given one', () => {
    expect(backoffMs(11, config.reconcileReadRetryMs)).toBe(config.reconcileReadRetryMs * 1024);
  });
});
