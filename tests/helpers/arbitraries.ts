import fc from 'fast-check';

/** Building blocks of the payload generators of `tests/streams/<domain>/payloads.ts`. */
export const serializedError = fc.record(
  { code: fc.constantFrom('error.http.500', 'error.network', 'error.rest.403/2'), message: fc.string() },
  { requiredKeys: ['code', 'message'] },
);
export const emptyPayload = fc.constant({});
export const shortText = fc.string({ maxLength: 12 });

/** A valid payload generator for each event type a domain defines, keyed by type. */
export type PayloadGenerators = Record<string, fc.Arbitrary<unknown>>;
