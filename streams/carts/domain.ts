import { defineDomain } from '../core/domain';
import {
  filterContent,
  followSavedMode,
  readSavedMode,
  keepContentMode,
  listItems,
  loadItemPlayer,
  openCart,
  refreshChangedCart,
  requestItemPlayer,
  slideWindow,
  viewCart,
  viewListedCart,
} from './content-epics';
import {
  changeCollaborators,
  changeItems,
  createCart,
  deleteCart,
  editCart,
  fillCreatedCart,
  unsubscribe,
} from './edit-epics';
import {
  clearSearchOutsideCursorMode,
  loadChunk,
  pageCartCursor,
  pageToTheEnd,
  setCartCursor,
} from './cursor-epics';
import { adoptIdentity, loadCartProfile, loadList, requestCartProfile, startListLoad } from './list-epics';
import { cartsReducer } from './reducer';
import {
  actOnShare,
  createShare,
  listShares,
  loadShareActions,
  loadSharedCart,
  loadSharedImages,
  releaseSharedImages,
  requestShareOptions,
  revokeShare,
  sharePageEpics,
  startSharedCart,
} from './share-epics';
import { initialCartsState } from './state';
import { cartTabFacts } from './tab-facts';
// the writes the outbox keeps join its catalogue with the carts' code
import './outbox';

/** Carts and sharing (protocol §6): the list, a cart's content, changes, shares and shared carts. */
export const cartsDomain = defineDomain({
  name: 'carts',
  initialState: initialCartsState,
  reducer: cartsReducer,
  epics: {
    adoptIdentity,
    requestCartProfile,
    loadCartProfile,
    startListLoad,
    loadList,
    openCart,
    keepContentMode,
    followSavedMode,
    readSavedMode,
    listItems,
    viewListedCart,
    filterContent,
    refreshChangedCart,
    viewCart,
    slideWindow,
    setCartCursor,
    clearSearchOutsideCursorMode,
    loadChunk,
    pageCartCursor,
    pageToTheEnd,
    requestItemPlayer,
    loadItemPlayer,
    createCart,
    editCart,
    deleteCart,
    changeItems,
    fillCreatedCart,
    changeCollaborators,
    unsubscribe,
    requestShareOptions,
    loadShareActions,
    createShare,
    listShares,
    revokeShare,
    startSharedCart,
    loadSharedCart,
    loadSharedImages,
    releaseSharedImages,
    actOnShare,
    ...sharePageEpics,
  },
  shares: cartTabFacts,
});
