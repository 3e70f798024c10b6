import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventCatalogue, type UnstampedEvent } from '../../streams/core/event';
import { STATUS_ORDER } from '../../streams/core/status';
import { initialRootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { arbitraryOf } from '../helpers/schema-arbitrary';

/**
 * The values a fold branches on that a schema cannot say: the session keeps an auto-connect
 * failure only when its REST code is 403/2 (the user must change password), which the pool of
 * short strings never draws.
 */
const overrides = { restCode: fc.constantFrom('403/2', '1') };

/** One arbitrary per event type of the catalogue, derived from its payload schema. */
const events = new Map(
  [...eventCatalogue()].map(([type, create]) => [
    type,
    arbitraryOf(create.schema, overrides, { root: `${type} payload` }).map((payload) => create(payload)),
  ]),
);

/** Protocol §2.1: the client order, plus the vocabularies of downloads, the application provider and batches. */
const KNOWN_STATUSES = [
  ...STATUS_ORDER,
  'downloaded',
  'pending',
  'signed-in',
  'connected',
  'disconnected',
  // batches and batch actions (§2.1, §16)
  'draft',
  'scheduled',
  'processing',
  'done',
  'canceled',
];

const anyEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(...events.values());

function statusesIn(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) statusesIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      // a number under `status` is an error's HTTP status, not a state
      if (key === 'status') {
        if (typeof inner === 'string') found.push(inner);
      } else statusesIn(inner, found);
    }
  }
  return found;
}

describe('root reducer (property)', () => {
  it('has a payload arbitrary for every event type of the catalogue', () => {
    expect([...events.keys()].sort()).toEqual([...eventCatalogue().keys()].sort());
  });

  it('never throws on any sequence of valid events, and every status stays one of the order (seed 000 §4)', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 60 }), (sequence) => {
        let state = initialRootState;
        sequence.forEach((event, index) => {
          state = rootReducer(state, {
            ...event,
            meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at: index * 10 },
          });
        });
        for (const status of statusesIn(state)) expect(KNOWN_STATUSES).toContain(status);
      }),
      { numRuns: 300 },
    );
  });
});
