import fc from 'fast-check';
import * as preferences from '../../../streams/preferences/events';
import { emptyPayload, type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

const id = {
  namespace: fc.constantFrom('vue-app', 'other'),
  name: fc.constantFrom('pageSize', 'gridDensity', 'k'),
};
const value = fc.oneof(
  fc.constantFrom(24, 48, 96, 'compact', 'comfortable', null),
  fc.array(fc.nat(), { maxLength: 3 }),
);
const error = serializedError;

/** A valid payload for every preferences event. */
export const preferencesPayloads: PayloadGenerators = {
  [preferences.setRequested.type]: fc.record({
    input: fc.oneof(fc.record({ key: fc.constant('pageSize'), value }), fc.constant('nope'), emptyPayload),
  }),
  [preferences.setRefused.type]: fc.record({ message: fc.constant('Invalid parameter') }),
  [preferences.saveStarted.type]: fc.record({
    entries: fc.array(fc.record({ ...id, value }), { maxLength: 3 }),
  }),
  [preferences.saved.type]: fc.record({ ...id, value }),
  [preferences.saveFailed.type]: fc.record({ ...id, error }),
  [preferences.getRequested.type]: fc.record(
    { name: id.name, namespace: id.namespace },
    { requiredKeys: ['name'] },
  ),
  [preferences.fetchStarted.type]: fc.record(id),
  [preferences.loaded.type]: fc.record({ ...id, value }),
  [preferences.notFound.type]: fc.record(id),
  [preferences.loadFailed.type]: fc.record({ ...id, error }),
  [preferences.removeRequested.type]: fc.record(
    { name: id.name, namespace: id.namespace },
    { requiredKeys: ['name'] },
  ),
  [preferences.removed.type]: fc.record(id),
  [preferences.removeFailed.type]: fc.record({ ...id, error }),
};
