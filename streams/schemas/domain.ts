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
import {
  selectCanCreate,
  selectRelatedSchema,
  selectSchema,
  selectSchemaBodies,
  selectSchemaDomain,
  selectSchemaFields,
  selectSchemaStatus,
  selectTreeField,
  selectUpdateFields,
} from './selectors';

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
  selectors: {
    selectSchema,
    selectSchemaStatus,
    selectSchemaBodies,
    selectSchemaFields,
    selectCanCreate,
    selectTreeField,
    selectRelatedSchema,
    selectSchemaDomain,
    selectUpdateFields,
  },
});
