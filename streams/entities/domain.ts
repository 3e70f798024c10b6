import { defineDomain } from '../core/domain';
import {
  loadMoreValues,
  loadNames,
  loadVariationDetail,
  loadVariations,
  lookupRelated,
  previewFaces,
  refuseDraftChange,
  saveDraft,
} from './draft-epics';
import {
  applyWorkflow,
  createEntity,
  deleteEntity,
  fetchEntity,
  markListed,
  patchEntity,
  updateEntity,
} from './epics';
import { persistDrafts, restoreDrafts, restoreDraftsOnStart } from './persistence-epics';
import { entitiesReducer } from './reducer';
import { initialEntitiesState } from './state';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

/** Entities, drafts and variations (protocol §12): fetch, writes, drafts kept across reloads, faces, lookups. */
export const entitiesDomain = defineDomain({
  name: 'entities',
  initialState: initialEntitiesState,
  reducer: entitiesReducer,
  epics: {
    fetchEntity,
    markListed,
    createEntity,
    updateEntity,
    patchEntity,
    deleteEntity,
    applyWorkflow,
    refuseDraftChange,
    saveDraft,
    loadMoreValues,
    loadVariations,
    loadVariationDetail,
    previewFaces,
    lookupRelated,
    loadNames,
    restoreDrafts,
    restoreDraftsOnStart,
    persistDrafts,
  },
});
