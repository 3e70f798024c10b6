import fc from 'fast-check';
import * as typeahead from '../../../streams/typeahead/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

const name = fc.constantFrom('search', 'other');
const text = fc.constantFrom('', 'ca', 'cat', 'blue la');
const words = fc.array(fc.constantFrom('cat', 'lake', 'land'), { maxLength: 6 });

/** A valid payload for every typeahead event. */
export const typeaheadPayloads: PayloadGenerators = {
  [typeahead.inputChanged.type]: fc.record({ name, text }),
  [typeahead.cleared.type]: fc.record({ name }),
  [typeahead.wordsRequested.type]: fc.record({ name, text }),
  [typeahead.wordsLoaded.type]: fc.record({ name, text, words }),
  [typeahead.wordsInvalidated.type]: fc.record({
    name,
    sent: text,
    received: fc.option(text, { nil: null }),
  }),
  [typeahead.wordsFailed.type]: fc.record({ name, text, error: serializedError }),
};
