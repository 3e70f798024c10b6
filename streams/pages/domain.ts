import { defineDomain } from '../core/domain';
import {
  addBlock,
  loadEditorConfig,
  moveBlock,
  removeBlock,
  replaceAttachment,
  transferBlock,
} from './block-epics';
import { enterEditMode, loadList, loadPage, publishPage, restoreKeptChanges, savePage } from './epics';
import { pagesReducer } from './reducer';
import { initialPagesState } from './state';

/** CMS pages (protocol §14): list, page by path with its component tree, edit mode, save and publish. */
export const pagesDomain = defineDomain({
  name: 'pages',
  initialState: initialPagesState,
  reducer: pagesReducer,
  epics: {
    loadList,
    loadPage,
    enterEditMode,
    savePage,
    restoreKeptChanges,
    publishPage,
    addBlock,
    moveBlock,
    transferBlock,
    removeBlock,
    replaceAttachment,
    loadEditorConfig,
  },
});

// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';
