import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventCatalogue, type UnstampedEvent } from '../../../streams/core/event';
import { STATUS_ORDER } from '../../../streams/core/status';
import { initialRootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { arbitraryOf } from '../../helpers/schema-arbitrary';

/** The entities' events only: the root property test, on this domain alone (it finds a failure faster). */
const events = [...eventCatalogue()]
  .filter(([type]) => type.startsWith('entities/'))
  .map(([type, create]) =>
    arbitraryOf(create.schema, {}, { root: `${type} payload` }).map((payload) => create(payload)),
  );

const anyEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(...events);

describe('entities reducer (property)', () => {
  it('never throws on any sequence of its events; entity, write and request statuses stay in the order', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 60 }), (sequence) => {
        let state = initialRootState;
        sequence.forEach((event, index) => {
          state = rootReducer(state, {
            ...event,
            meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at: index * 10 },
          });
        });
        const { entities } = state;
        const statuses = [
          ...Object.values(entities.byKey).map((entry) => entry.status),
          ...Object.values(entities.writes).map((entry) => entry.status),
          ...Object.values(entities.more).map((entry) => entry.status),
          ...Object.values(entities.variations).map((entry) => entry.status),
          ...Object.values(entities.lookups).map((entry) => entry.status),
        ];
        for (const status of statuses) expect(STATUS_ORDER).toContain(status);
        for (const draft of Object.values(entities.drafts))
          expect(Object.keys(draft.changes).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
