import { defineDomain } from '../core/domain';
import { batchSchemaRequests, fetchSchemaBatch } from './epics';
import { initialSchemasState, schemasReducer } from './reducer';
import * as selectors from './selectors';

export const schemasDomain = defineDomain({
  name: 'schemas',
  initialState: initialSchemasState,
  reducer: schemasReducer,
  epics: { batchSchemaRequests, fetchSchemaBatch },
  selectors,
});
