import { defineDomain } from '../core/domain';
import {
  batchSchemaRequests,
  fetchSchemaBatch,
  fetchSchemaDomain,
  fetchUpdateFields,
  rereadOnIdentity,
  translateOnLocaleChange,
} from './epics';
import { schemasReducer } from './reducer';
import { initialSchemasState } from './state';

export const schemasDomain = defineDomain({
  name: 'schemas',
  initialState: initialSchemasState,
  reducer: schemasReducer,
  epics: {
    batchSchemaRequests,
    fetchSchemaBatch,
    rereadOnIdentity,
    translateOnLocaleChange,
    fetchSchemaDomain,
    fetchUpdateFields,
  },
});
