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
import {
  selectCreation,
  selectDraft,
  selectDraftRefusal,
  selectDraftValues,
  selectEntity,
  selectEntityName,
  selectEntityRights,
  selectEntityWrite,
  selectFaces,
  selectFacesPreview,
  selectLookup,
  selectMoreValues,
  selectKnownNames,
  selectNames,
  selectVariationDetail,
  selectVariations,
  selectVariationsEntry,
} from './selectors';
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
  selectors: {
    selectEntity,
    selectEntityName,
    selectEntityRights,
    selectEntityWrite,
    selectCreation,
    selectDraft,
    selectDraftValues,
    selectDraftRefusal,
    selectVariations,
    selectVariationsEntry,
    selectVariationDetail,
    selectFaces,
    selectFacesPreview,
    selectMoreValues,
    selectLookup,
    selectNames,
    selectKnownNames,
  },
});
