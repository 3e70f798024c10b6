import { encodePairs, type QueryValue } from './http';
import type { SessionVault } from './session-vault';

/** Addresses the browser loads itself (images, downloads): absolute, no Authorization, no lang. */
export function browserUrl(
  vault: SessionVault,
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const pairs = encodePairs(query);
  return `${vault.apiBase()}${path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}
