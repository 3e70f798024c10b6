import { defineDomain } from '../core/domain';
import { batchSchemaRequests, fetchSchemaBatch, rereadOnIdentity } from './epics';
import { schemasReducer } from './reducer';
import { initialSchemasState } from './state';
import {
  selectCanCreate,
  selectRelatedSchema,
  selectSchema,
  selectSchemaBodies,
  selectSchemaFields,
  selectSchemaStatus,
  selectTreeField,
} from './selectors';

export const schemasDomain = defineDomain({
  name: 'schemas',
  initialState: initialSchemasState,
  reducer: schemasReducer,
  epics: { batchSchemaRequests, fetchSchemaBatch, rereadOnIdentity },
  selectors: {
    selectSchema,
    selectSchemaStatus,
    selectSchemaBodies,
    selectSchemaFields,
    selectCanCreate,
    selectTreeField,
    selectRelatedSchema,
  },
});
