/** The 32-bit (signed) string hash of the signatures, also what spreads list rows over buckets. */
export function hashOf(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) {
    hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return hash;
}

/**
 * The `state` signature of a request (protocol §8.2, §9.1, §10.3): a 32-bit hash, as text, of
 * the values that make the answer what it is. The server echoes it; an answer whose echo is not
 * the current signature is stale.
 */
function hash32(text: string): string {
  return String(hashOf(text));
}

/** JSON with sorted object keys, so equal values give equal text whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
}

/**
 * The one signature function of the portal (lists, aggregates, trees, carts): the values that
 * make an answer what it is, in order, as stable JSON, hashed.
 */
export function signatureOf(values: readonly unknown[]): string {
  return hash32(stableJson(values));
}
