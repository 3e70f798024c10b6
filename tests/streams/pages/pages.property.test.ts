import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventCatalogue, type UnstampedEvent } from '../../../streams/core/event';
import { STATUS_ORDER } from '../../../streams/core/status';
import { pagesReducer } from '../../../streams/pages/reducer';
import {
  selectDraftTree,
  selectPageIndex,
  selectPageList,
  selectShownTree,
} from '../../../streams/pages/selectors';
import { initialPagesState, type PagesState } from '../../../streams/pages/state';
import { arbitraryOf } from '../../helpers/schema-arbitrary';

/** Paths and uids drawn from a small pool, so that sequences hit the same pages and blocks. */
const overrides = {
  path: fc.constantFrom('home', 'about', '__proto__'),
  uid: fc.constantFrom('clubwedwidget_1', 'clubwedwidget_2', 'clubwedpagedesc_1', 'x'),
  parent: fc.constantFrom('clubwedpagedesc_1', 'clubwedpagedesc_1_clubwedwidget_1', 'clubwedwidget_2'),
};

const pageEvents = [...eventCatalogue()]
  .filter(([type]) => type.startsWith('pages/'))
  .map(([, create]) =>
    arbitraryOf(create.schema, overrides, { root: create.type }).map((payload) => create(payload)),
  );

const anyEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(...pageEvents);

describe('pages reducer (property)', () => {
  it('never throws on any sequence of its events; statuses stay in the order; selectors build trees', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40 }), (sequence) => {
        let state: PagesState = initialPagesState;
        sequence.forEach((event, index) => {
          state = pagesReducer(state, {
            ...event,
            meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at: 0 },
          });
        });
        const root = { pages: state };
        for (const entry of Object.values(state.byPath)) expect(STATUS_ORDER).toContain(entry.status);
        expect(STATUS_ORDER).toContain(state.list.status);
        selectPageList(root);
        selectPageIndex(root);
        for (const path of ['home', 'about']) {
          selectShownTree(root, path);
          selectDraftTree(root, path);
        }
        expect(Object.getPrototypeOf(state.byPath)).toBe(Object.prototype);
      }),
      { numRuns: 300 },
    );
  });
});
