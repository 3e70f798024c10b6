import type { WithApp } from '../app/selectors';
import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { WithPreferences } from '../preferences/selectors';
import type { WithSession } from '../session/selectors';
import type { selectLocation } from '../router/selectors';
import type {
  Cart,
  CartCursorStatus,
  CartItem,
  CodeLabel,
  ContentMode,
  CreatedShare,
  FulltextMode,
  ShareInfo,
  SortField,
} from './model';

/** The items of one cart as a screen shows them. */
export interface CartContent {
  /** resolving/resolved (items listed), then initial/fetching/loaded (viewed), error (protocol §6.4) */
  status: Status;
  error: SerializedError | null;
  /** shown through the list query, in chunks (protocol §6.6) */
  huge: boolean;
  fulltext: string;
  mode: FulltextMode;
  /** keys (`resource/id`) of the items shown, in cart order: the filter's answer while filtered */
  keys: string[];
  filtered: boolean;
  /** cursor mode: another list's search is applied onto the cart's list query ("Filter with my search") */
  searchApplied: boolean;
  /** `detailedItems` of protocol §6.2, by key */
  details: Record<string, CartItem>;
  /** huge carts: the list max the items were cut with (from `carts/itemsListed`) */
  chunkSize: number;
  /** huge carts: the status of each chunk in the window, by chunk index */
  chunks: Record<string, Status>;
  /** huge carts: the chunk the cart's list query runs now */
  activeChunk: number | null;
  /** how this content is read (from `carts/itemsListed`): `cart`, the list query, or both */
  contentMode: ContentMode;
  /** the list query `~[CART@{id}]`: registered, resolved, then constraints updated (seed 002 §4) */
  cursorStatus: CartCursorStatus | null;
}

interface PlayerState {
  status: Status;
  html: string;
  javascriptUrls: string[];
  error: SerializedError | null;
}

/** What an optimistic change needs to be undone, kept under the id of the request event. */
interface UndoRecord {
  cart: Cart | null;
  /** the request's payload, offered again when the change is rolled back */
  payload?: unknown;
  /** its place in the list when it was removed from it */
  listIndex: number;
  contentKeys: string[] | null;
}

export interface LoadedList<T> {
  status: Status;
  list: T[];
  error: SerializedError | null;
}

interface SharedCart {
  status: Status;
  error: SerializedError | null;
  /** the last attempt carried a password: a 401 then means a wrong one */
  withPassword: boolean;
  cart: Cart | null;
  share: ShareInfo | null;
  keys: string[];
  details: Record<string, CartItem>;
}

export type MutationKind =
  | 'create'
  | 'edit'
  | 'delete'
  | 'addItems'
  | 'removeItems'
  | 'collaborators'
  | 'unsubscribe';

/** The outcome of one change, under the id of the request event that asked for it. */
export interface Mutation {
  kind: MutationKind;
  /** null for a create until the server answered */
  cartId: string | null;
  /** resolving: the answer was lost and the server state is being read back */
  status: Status;
  message: string | null;
  /** the failure, code included, for the words and the details a view shows */
  error?: SerializedError | null;
}

/** A change the server refused and that was rolled back: said until dismissed. */
export interface Notice {
  kind: MutationKind;
  cartId: string;
  message: string;
  error?: SerializedError;
  /** the payload of the request, to send it again (retryRequestOf); absent when it cannot be retried */
  retry?: unknown;
}

export interface CartsState {
  /** whose carts these are: a new identity clears them */
  userId: string | null;
  profile: { status: Status; makePublicBoard: boolean; error: SerializedError | null };
  list: { status: Status; error: SerializedError | null; ids: string[] };
  carts: Record<string, Cart>;
  /** per cart: resolved when listed, error when its view failed (hidden from the list, protocol §6.3) */
  cartStatus: Record<string, Status>;
  filter: string;
  sort: { field: SortField; ascending: boolean };
  contents: Record<string, CartContent>;
  /** the content mode the user chose (`carts/contentModeChosen`); null: the mount setting's */
  contentMode: ContentMode | null;
  /** by `cartId|resource|id|player` */
  players: Record<string, PlayerState>;
  /** every change and its outcome, by request id: concurrent edits each keep their own */
  mutations: Record<string, Mutation>;
  /** rolled-back changes by request id, each shown until dismissed */
  notices: Record<string, Notice>;
  undo: Record<string, UndoRecord>;
  shareActions: LoadedList<CodeLabel>;
  /** the share dialog of each cart: the link just created (without its password) */
  shareDialog: Record<
    string,
    {
      status: Status;
      created: CreatedShare | null;
      error: SerializedError | null;
      /** the share asked last (its intent's id): the outbox may keep it */
      requestId?: string;
    }
  >;
  /** each cart's links, and the revoke that failed last (its intent's id): the outbox may keep it */
  sharesOf: Record<string, LoadedList<CreatedShare> & { revokeRequestId?: string }>;
  /** shared carts opened by uuid */
  shared: Record<string, SharedCart>;
  /** the pictures of each shared cart, fetched with its credentials: their status by item key */
  sharedImages: Record<string, { variation: string; items: Record<string, Status> }>;
  /**
   * actions on shared carts, by the id of their request: each button press keeps its own outcome;
   * a copy keeps the cart it made (`cartId`), which its success notice opens
   */
  shareAction: Record<
    string,
    { uuid: string; action: string; status: Status; error: SerializedError | null; cartId?: string }
  >;
}

export const initialCartsState: CartsState = {
  userId: null,
  profile: { status: 'unknown', makePublicBoard: false, error: null },
  list: { status: 'resolved', error: null, ids: [] },
  carts: {},
  cartStatus: {},
  filter: '',
  sort: { field: 'id', ascending: false },
  contents: {},
  contentMode: null,
  players: {},
  mutations: {},
  notices: {},
  undo: {},
  shareActions: { status: 'resolved', list: [], error: null },
  shareDialog: {},
  sharesOf: {},
  shared: {},
  sharedImages: {},
  shareAction: {},
};

export type WithCarts = { carts: CartsState };

/** What the carts epics read: their slice, the mount settings, the session, the saved content mode, the route. */
export type CartsRoot = WithCarts &
  WithApp &
  WithSession &
  WithPreferences &
  Parameters<typeof selectLocation>[0];
