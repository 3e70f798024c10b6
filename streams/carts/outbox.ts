import { ERROR_CODES } from '../core/errors';
import type { AppEvent } from '../core/event';
import type { Reconcile } from '../core/reconcile';
import { asEvents } from '../core/request';
import { declareWrites, type OutboxWrite, type WriteCheck } from '../outbox/events';
import * as api from './api';
import * as editEvents from './edit-events';
import * as shareApi from './share-api';
import { createdAnswer, createdCartIn, reconcileDelete, reconcileEdit, reconcileItems } from './edit-epics';
import { itemKeys } from './model';
import {
  shareCreated,
  shareFailed,
  shareRequested,
  shareRevoked,
  shareRevokeFailed,
  shareRevokeRequested,
} from './share-events';
import { selectCart } from './selectors';
import type { CartsRoot } from './state';

/**
 * The carts' writes the outbox keeps (issue 25). Before one goes again, the server state is read
 * the way a lost answer is reconciled (edit-epics.ts): what is already there is not done twice.
 * Share links too: a new link is looked for among the cart's links (a demo extension: a server
 * without it gets the link asked again), a revoke goes again as it is.
 */

/** A lost answer's reconciliation as a check: its verdict is the write's answer, or null (send it). */
function checkOf<R>(reconcile: Reconcile<R>, answer: { type: string }): WriteCheck<R> {
  const unknown = { code: ERROR_CODES.network, message: '' };
  return {
    read: reconcile.read,
    decide: (data) =>
      asEvents(reconcile.decide(data, unknown)).find((event) => event.type === answer.type) ?? null,
  };
}

const cartName = (state: CartsRoot, cartId: string): string => selectCart(state, cartId)?.name ?? cartId;

/** What an edit sets, and what a conflict compares: the cart's fields a user edits. */
interface CartFields {
  name: string;
  description: string;
  isPrivate: boolean;
}

const fieldsOf = (cart: { name?: string; description: string; isPrivate: boolean }): CartFields => ({
  name: String(cart.name ?? '').trim(),
  description: cart.description,
  isPrivate: cart.isPrivate,
});

const sameFields = (a: CartFields, b: CartFields): boolean =>
  a.name === b.name && a.description === b.description && a.isPrivate === b.isPrivate;

/** A version of a cart in words: its name, its description, private or not. */
const fieldsLabel = (fields: CartFields) => ({
  key: fields.isPrivate ? 'outbox.carts.versionPrivate' : 'outbox.carts.versionPublic',
  values: { name: fields.name, description: fields.description },
});

/**
 * An edit's check: the read back of a lost answer, and a conflict when the cart the server holds
 * is neither the edit nor the cart it was made on (renamed meanwhile by someone else); keeping
 * theirs folds the server's cart as an edit's answer would.
 */
function editCheck(
  intent: AppEvent<string, Payload<typeof editEvents.editRequested>>,
): WriteCheck<api.WireCart> {
  return {
    ...checkOf(reconcileEdit(intent as never), editEvents.edited),
    conflict: (wire, base) => {
      const cart = api.toCart(wire).cart;
      const theirs = fieldsOf(cart);
      if (base === undefined || sameFields(theirs, base as CartFields)) return null;
      const { type, payload } = editEvents.edited({ cart });
      return { theirs: fieldsLabel(theirs), fold: { type, payload } };
    },
  };
}

type Payload<D extends (payload: never) => unknown> = Parameters<D>[0];

const writes: OutboxWrite[] = [
  {
    domain: 'carts',
    intent: editEvents.createRequested,
    answers: [editEvents.created],
    failures: [editEvents.createFailed],
    label: (payload: Payload<typeof editEvents.createRequested>) => ({
      key: 'outbox.carts.create',
      values: { name: String(payload.name ?? '').trim() },
    }),
    // a cart of mine with that name, modified since the first attempt (give or take the skew)
    check: (intent: AppEvent<string, Payload<typeof editEvents.createRequested>>, { config }) => {
      const request = intent as unknown as Parameters<typeof createdAnswer>[1];
      const name = String(intent.payload.name).trim();
      return {
        read: api.listCarts(),
        decide: (list: api.WireCart[]) => {
          const cart = createdCartIn(list, name, intent.meta.at - config.reconcileCreateSkewMs, new Set());
          return cart ? createdAnswer(cart, request) : null;
        },
      };
    },
  },
  {
    domain: 'carts',
    intent: editEvents.editRequested,
    answers: [editEvents.edited],
    failures: [editEvents.editFailed],
    label: (payload: Payload<typeof editEvents.editRequested>) => ({
      key: 'outbox.carts.edit',
      values: { name: String(payload.name ?? '').trim() },
    }),
    // kept after its failure put the cart back: the state holds the cart the edit was made on
    base: (payload: Payload<typeof editEvents.editRequested>, state: CartsRoot) => {
      const cart = selectCart(state, payload.cartId);
      return cart ? fieldsOf(cart) : undefined;
    },
    yours: (payload: Payload<typeof editEvents.editRequested>) => fieldsLabel(fieldsOf(payload)),
    check: editCheck,
  },
  {
    domain: 'carts',
    intent: editEvents.deleteRequested,
    answers: [editEvents.deleted],
    failures: [editEvents.deleteFailed],
    label: (payload: Payload<typeof editEvents.deleteRequested>, state: CartsRoot) => ({
      key: 'outbox.carts.delete',
      values: { name: cartName(state, payload.cartId) },
    }),
    check: (intent) => checkOf(reconcileDelete(intent as never), editEvents.deleted),
  },
  {
    domain: 'carts',
    intent: editEvents.itemsAddRequested,
    answers: [editEvents.itemsAdded],
    failures: [editEvents.itemsAddFailed],
    label: (payload: Payload<typeof editEvents.itemsAddRequested>, state: CartsRoot) => ({
      key: 'outbox.carts.itemsAdd',
      values: { count: itemKeys(payload.items).length, name: cartName(state, payload.cartId) },
    }),
    check: (intent) => checkOf(reconcileItems(intent as never), editEvents.itemsAdded),
  },
  {
    domain: 'carts',
    intent: editEvents.itemsRemoveRequested,
    answers: [editEvents.itemsRemoved],
    failures: [editEvents.itemsRemoveFailed],
    label: (payload: Payload<typeof editEvents.itemsRemoveRequested>, state: CartsRoot) => ({
      key: 'outbox.carts.itemsRemove',
      values: { count: payload.keys.length, name: cartName(state, payload.cartId) },
    }),
    check: (intent) => checkOf(reconcileItems(intent as never), editEvents.itemsRemoved),
  },
  // adding or removing a collaborator twice leaves the cart as once: sent again without a read
  ...[editEvents.collaboratorsAddRequested, editEvents.collaboratorsRemoveRequested].map(
    (intent): OutboxWrite => ({
      domain: 'carts',
      intent,
      answers: [editEvents.collaboratorsChanged],
      failures: [editEvents.collaboratorsChangeFailed],
      label: (payload: { cartId: string }, state: CartsRoot) => ({
        key: 'outbox.carts.collaborators',
        values: { name: cartName(state, payload.cartId) },
      }),
    }),
  ),
];

type ShareIntent = AppEvent<string, Payload<typeof shareRequested>>;

/**
 * A link made by a share whose answer was lost: one of the cart's links made since the share was
 * asked (give or take the clocks' skew), as the share asked it (mode, description, actions, with a
 * password or not). The list never gives a password: a link asked with one is said to have it, so
 * the dialog tells that its password went with the lost answer instead of showing none.
 */
function sharedAlready(intent: ShareIntent, listed: shareApi.ListedShare[], skewMs: number) {
  const { mode, description, actions, url, askForPassword } = intent.payload;
  const sameActions = (found: readonly string[]) =>
    mode === 'zip' || [...found].sort().join() === [...actions].sort().join();
  const share = listed.find(
    (candidate) =>
      (candidate.created ?? 0) >= intent.meta.at - skewMs &&
      (candidate.mode ?? 'link') === mode &&
      (candidate.description ?? '') === description &&
      (candidate.hasPassword ?? askForPassword) === askForPassword &&
      sameActions(candidate.actions ?? []),
  );
  return (
    share &&
    shareApi.toCreatedShare({ ...share, hasPassword: share.hasPassword ?? askForPassword }, (uuid) =>
      url.replaceAll('{uuid}', uuid),
    )
  );
}

const shareWrites: OutboxWrite[] = [
  {
    domain: 'carts',
    intent: shareRequested,
    answers: [shareCreated],
    failures: [shareFailed],
    label: (payload: Payload<typeof shareRequested>, state: CartsRoot) => ({
      key: 'outbox.carts.share',
      values: { name: cartName(state, payload.cartId) },
    }),
    // the cart's links read first: a second link would be a second way in (and a second invitation)
    check: (intent: ShareIntent, { config }) => ({
      read: shareApi.listShares(intent.payload.cartId),
      optional: true,
      decide: (listed: shareApi.ListedShare[]) => {
        const share = sharedAlready(intent, listed, config.reconcileCreateSkewMs);
        return share ? shareCreated({ cartId: intent.payload.cartId, share }, intent) : null;
      },
    }),
  },
  // a revoke sets the link's expiry in the past: done twice, the same
  {
    domain: 'carts',
    intent: shareRevokeRequested,
    answers: [shareRevoked],
    failures: [shareRevokeFailed],
    label: (payload: Payload<typeof shareRevokeRequested>, state: CartsRoot) => ({
      key: 'outbox.carts.shareRevoke',
      values: { name: cartName(state, payload.cartId) },
    }),
  },
];

declareWrites([...writes, ...shareWrites]);
