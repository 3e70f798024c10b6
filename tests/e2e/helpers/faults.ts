import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoggedRequest } from '../../../mocks/runtime';
import { mockControl } from './portal';

/**
 * The demo server's faults (UI-CONTRACT "Demo server", `POST /__mock/faults`). They are
 * deterministic: the n-th request matching `match` (and `method`) fails when floor(n × rate)
 * grows, so rate 0.3 fails the 4th, 7th and 10th, rate 1 every one. Status 0 drops the connection.
 */
export const failAtRate = (match: string, rate: number, status: 0 | 500, method?: string) =>
  mockControl('faults', { body: { match, rate, status, ...(method ? { method } : {}) } });

/** Every request matching fails (500, or 0: the connection drops) until the faults are lifted. */
export const failEvery = (match: string, status: 0 | 500, method?: string) =>
  failAtRate(match, 1, status, method);

/** The next request whose path matches is handled by the server, then its connection drops. */
export const loseTheAnswer = (match: string, method?: string) =>
  mockControl('faults', { body: { match, rate: 1, status: 0, after: true, ...(method ? { method } : {}) } });

export const noFaults = () => mockControl('faults', { method: 'DELETE' });

/** How many requests of this method whose path matches the server received since the reset. */
export async function received(method: string, path: RegExp): Promise<number> {
  const log = (await mockControl('requests')) as LoggedRequest[];
  return log.filter((request) => request.method === method && path.test(request.path)).length;
}

/** The header's count of writes the outbox keeps (issue 25). */
export const waiting = (page: Page | Locator) =>
  page.getByRole('status').filter({ hasText: /^\d+ changes? waiting$/ });

/**
 * The faults lifted, the user asks the kept writes again from "Pending changes" and waits until
 * nothing waits; answers the dialog, still open.
 */
export async function retryPendingChanges(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Pending changes' }).click();
  const pending = page.getByRole('dialog', { name: 'Pending changes' });
  const retry = pending.getByRole('button', { name: 'Retry' });
  // the outbox may be trying on its own at that moment: the button is enabled again after
  await expect.poll(() => retry.isEnabled().catch(() => true)).toBe(true);
  await retry.click().catch(() => undefined);
  await expect.poll(() => waiting(page).count(), { timeout: 30_000 }).toBe(0);
  return pending;
}

/** A failure said by `src/ui/error-message.tsx` (an alert or a quiet notice) whose text starts with `lead`. */
export const failure = (scope: Page | Locator, lead: string) =>
  scope.locator('.error-message').filter({ hasText: lead });

/** The failure is put in the user's words; the raw fault text is behind "Details" only. */
export async function expectWords(shown: Locator): Promise<void> {
  await shown.first().waitFor();
  expect(await shown.first().locator('.error-message__text').textContent()).not.toContain('Fault injected');
  expect(await shown.first().locator('details').count()).toBe(1);
}
