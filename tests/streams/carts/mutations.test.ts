import { describe, expect, it } from 'vitest';
import {
  createRefused,
  createRequested,
  edited,
  editFailed,
  editRequested,
  itemsAddFailed,
  itemsAddRequested,
} from '../../../streams/carts/edit-events';
import { listLoaded, noticeDismissed } from '../../../streams/carts/events';
import { selectMutation, selectNotices, selectShareAction } from '../../../streams/carts/selectors';
import {
  shareActionDone,
  shareActionFailed,
  shareActionRequested,
} from '../../../streams/carts/share-events';
import type { AnyEvent } from '../../../streams/core/event';
import { initialRootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { storeWithoutEpics } from '../../helpers/store-without-epics';
import { aCart } from './fixtures';

const refusal = (message: string) => ({ code: 'error.http.403', message, status: 403 });

/** A store with carts 4 and 5 listed; `send` returns the stamped event, like a view's dispatch. */
function withTwoCarts() {
  const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
  store.dispatch(listLoaded({ carts: [aCart({ id: '4', name: 'Four' }), aCart({ id: '5', name: 'Five' })] }));
  const send = (event: Parameters<typeof store.dispatch>[0]): AnyEvent => store.dispatch(event)!;
  return { store, send };
}

describe('cart changes are keyed by their request (one outcome per dialog)', () => {
  it('two edits under way at once each get their own status and message', () => {
    const { store, send } = withTwoCarts();
    const first = send(editRequested({ cartId: '4', name: 'Four bis', description: '', isPrivate: true }));
    const second = send(editRequested({ cartId: '5', name: 'Five bis', description: '', isPrivate: true }));
    expect(selectMutation(store.getState(), first.meta.id)?.status).toBe('fetching');
    expect(selectMutation(store.getState(), second.meta.id)?.status).toBe('fetching');

    send(editFailed({ cartId: '4', error: refusal('Only the owner of a cart can do this') }, first));
    send(edited({ cart: aCart({ id: '5', name: 'Five bis' }) }, second));

    const state = store.getState();
    expect(selectMutation(state, first.meta.id)).toMatchObject({
      kind: 'edit',
      cartId: '4',
      status: 'error',
      message: 'Only the owner of a cart can do this',
    });
    expect(selectMutation(state, second.meta.id)).toEqual({
      kind: 'edit',
      cartId: '5',
      status: 'loaded',
      message: null,
    });
    expect(state.carts.carts['4']?.name).toBe('Four');
    expect(state.carts.carts['5']?.name).toBe('Five bis');
    expect(selectNotices(state).map((notice) => notice.requestId)).toEqual([first.meta.id]);
  });

  it('notices of concurrent failures are all kept until each is dismissed', () => {
    const { store, send } = withTwoCarts();
    const edit = send(editRequested({ cartId: '4', name: 'Four bis', description: '', isPrivate: true }));
    const add = send(itemsAddRequested({ cartId: '5', items: { asset: ['1'] } }));
    send(itemsAddFailed({ cartId: '5', error: refusal('No rights on cart 5') }, add));
    send(editFailed({ cartId: '4', error: refusal('No rights on cart 4') }, edit));

    expect(selectNotices(store.getState())).toMatchObject([
      { requestId: add.meta.id, kind: 'addItems', cartId: '5', message: 'No rights on cart 5' },
      { requestId: edit.meta.id, kind: 'edit', cartId: '4', message: 'No rights on cart 4' },
    ]);
    send(noticeDismissed({ requestId: add.meta.id }));
    expect(selectNotices(store.getState()).map((notice) => notice.message)).toEqual(['No rights on cart 4']);
  });

  it("a refused name answers the dialog that sent it, not another create's", () => {
    const { store, send } = withTwoCarts();
    const empty = send(createRequested({ name: '', description: '', isPrivate: true, collaborators: [] }));
    const named = send(
      createRequested({ name: 'Named', description: '', isPrivate: true, collaborators: [] }),
    );
    send(createRefused({ message: 'A cart requires a non empty name' }, empty));
    expect(selectMutation(store.getState(), empty.meta.id)).toMatchObject({
      status: 'invalid',
      message: 'A cart requires a non empty name',
    });
    expect(selectMutation(store.getState(), named.meta.id)).toMatchObject({
      status: 'fetching',
      message: null,
    });
    expect(selectMutation(store.getState(), null)).toBeNull();
  });

  it("an action's late answer on a shared cart does not replace the outcome of a later one", () => {
    const { store, send } = withTwoCarts();
    const copy = send(shareActionRequested({ uuid: 'u1', action: 'copy', items: null }));
    const comment = send(shareActionRequested({ uuid: 'u1', action: 'comment', items: null }));
    send(shareActionDone({ uuid: 'u1', action: 'comment' }, comment));
    send(shareActionFailed({ uuid: 'u1', action: 'copy', error: refusal('No copy') }, copy));
    expect(selectShareAction(store.getState(), comment.meta.id)).toMatchObject({
      action: 'comment',
      status: 'loaded',
    });
    expect(selectShareAction(store.getState(), copy.meta.id)).toMatchObject({
      action: 'copy',
      status: 'error',
    });
  });
});
