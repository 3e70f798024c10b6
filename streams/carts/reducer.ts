import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { whoAmILoaded } from '../session/events';
import type { Me } from '../session/selectors';
import { contentCases, storeCart } from './content-reducer';
import { editCases } from './edit-reducer';
import {
  filterChanged,
  identityAdopted,
  listFetchStarted,
  listLoaded,
  listLoadFailed,
  noticeDismissed,
  profileLoaded,
  profileLoadFailed,
  profileRequested,
  sortChanged,
} from './events';
import { shareCases } from './share-reducer';
import { type CartsState, initialCartsState } from './state';

export const cartsReducer = caseReducer<CartsState>(
  // carts belong to a user: another identity starts from nothing (the filter and sort stay)
  on(whoAmILoaded, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(identityAdopted, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(profileRequested, (draft) => {
    draft.profile.status = draft.profile.status === 'loaded' ? 'fetching' : 'initial';
  }),
  on(profileLoaded, (draft, { payload }) => {
    draft.profile = { status: 'loaded', makePublicBoard: payload.makePublicBoard, error: null };
  }),
  on(profileLoadFailed, (draft, { payload }) => {
    // the default profile stays: no public boards (protocol §6.1)
    draft.profile = { status: 'error', makePublicBoard: false, error: payload.error };
  }),
  on(listFetchStarted, (draft) => {
    // the first load goes initial, later ones fetching (protocol §6.3)
    const loadedOnce = ['loaded', 'fetching', 'error'].includes(draft.list.status);
    draft.list.status = loadedOnce ? 'fetching' : 'initial';
  }),
  on(listLoaded, (draft, { payload }) => {
    const ids = payload.carts.map((cart) => cart.id);
    const listed = new Set(ids);
    // carts missing from the answer are removed; each listed one is resolved
    for (const id of Object.keys(draft.carts)) {
      if (!listed.has(id)) {
        delete draft.carts[id];
        delete draft.cartStatus[id];
      }
    }
    for (const cart of payload.carts) {
      storeCart(draft, cart);
      draft.cartStatus[cart.id] = 'resolved';
    }
    draft.list = { status: 'loaded', error: null, ids };
  }),
  on(listLoadFailed, (draft, { payload }) => {
    draft.list.status = 'error';
    draft.list.error = payload.error;
  }),
  on(filterChanged, (draft, { payload }) => {
    draft.filter = payload.text;
  }),
  on(sortChanged, (draft, { payload }) => {
    draft.sort = { field: payload.field, ascending: payload.ascending };
  }),
  on(noticeDismissed, (draft, { payload }) => {
    delete draft.notices[payload.requestId];
  }),
  ...contentCases,
  ...editCases,
  ...shareCases,
);

function adoptIdentity(draft: Draft<CartsState>, me: Me): void {
  const userId = me.id !== undefined && !me.application ? String(me.id) : null;
  if (userId === draft.userId) return;
  const { filter, sort, shared } = draft;
  Object.assign(draft, { ...initialCartsState, userId, filter, sort, shared });
}
