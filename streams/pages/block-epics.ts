// The epics that change a draft page's structure — add, move (within or across slots), remove a
// block, replace an attachment — and the editor config they rely on; the page epics themselves are
// in `epics.ts`.
import { concat, concatMap, of, toArray } from 'rxjs';
import type { Epic } from '../core/epic';
import type { SerializedError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import * as api from './api';
import { answered, messageOf, PAGE_MESSAGES, refusal, type S } from './epic-support';
import {
  attachmentReplaced,
  attachmentReplaceFailed,
  attachmentReplaceRequested,
  blockAdded,
  blockAddFailed,
  blockAddRequested,
  blockMoved,
  blockMoveFailed,
  blockMoveRequested,
  blockRemoved,
  blockRemoveFailed,
  blockRemoveRequested,
  blockTransferFailed,
  blockTransferRequested,
  blockTransferred,
  draftFailed,
  draftLoaded,
  editorConfigFailed,
  editorConfigLoaded,
  editorConfigRequested,
  type WidgetRecord,
} from './events';
import {
  chainOf,
  holdsParts,
  movedOrder,
  parseUid,
  placedOrder,
  saveFields,
  WIDGET_OBJECT,
  widgetUid,
} from './model';
import { selectEditSession } from './selectors';

// --- structure: add (assign collection), move (sort), remove, attachment ----------------------

export const addBlock: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(blockAddRequested),
    concatMap((event) => {
      const { path, parentUid, slot, component } = event.payload;
      const parent = parseUid(parentUid);
      const fail = (error: SerializedError) =>
        blockAddFailed({ path, message: messageOf(error, PAGE_MESSAGES.add), error }, event);
      if (!selectEditSession(state$.value, path)?.draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      if (!parent) return of(fail(refusal(PAGE_MESSAGES.add)));
      return answered(
        deps.http.request(
          api.assignCollection({ object: parent.object, id: parent.id, field: slot, values: [component] }),
        ),
        ({ data }) => {
          const ids = api.newChildrenOf(data);
          const reads = ids.map((id) => api.fetchWidgets(deps.http, api.widgetQuery(id)));
          return answered(
            reads.length === 0 ? of([]) : concat(...reads).pipe(toArray()),
            (lists) => {
              const widgets = lists.flat();
              const added = blockAdded({ path, ids, widgets, files: [] }, event);
              const placed = placeAdded(state$.value, event.payload, widgets, ids[0]);
              if (!placed) return added;
              return answered(
                deps.http.request(api.sortWidgets(placed)),
                () => [added, blockMoved({ path, order: placed }, event)],
                (error) => [added, fail(error)],
              );
            },
            fail,
          );
        },
        fail,
      );
    }),
  );

export const moveBlock: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(blockMoveRequested),
    concatMap((event) => {
      const { path, uid, offset } = event.payload;
      const fail = (error: SerializedError) =>
        blockMoveFailed({ path, message: messageOf(error, PAGE_MESSAGES.move), error }, event);
      const draft = selectEditSession(state$.value, path)?.draft;
      if (!draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      const moved = movedOrder(draft.widgets, uid, offset);
      if (!moved) return of(fail(refusal(PAGE_MESSAGES.cannotMove)));
      return answered(
        deps.http.request(api.sortWidgets(moved.order)),
        () => blockMoved({ path, order: moved.order }, event),
        fail,
      );
    }),
  );

/** The slot's order with the added block at the asked index; null when it is already there (or no index). */
function placeAdded(
  state: S,
  payload: { path: string; parentUid: string; slot: string; index?: number | undefined },
  added: readonly WidgetRecord[],
  id: number | undefined,
): number[] | null {
  const draft = selectEditSession(state, payload.path)?.draft;
  const parent = draft ? chainOf(draft.widgets, payload.parentUid) : null;
  if (payload.index === undefined || id === undefined || !draft || !parent) return null;
  const widgets = [...draft.widgets.filter((one) => one.id !== id), ...added];
  const place = { parent, slot: payload.slot, index: payload.index };
  const order = placedOrder(widgets, place, id);
  return order[order.length - 1] === id ? null : order;
}

export const transferBlock: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(blockTransferRequested),
    concatMap((event) => {
      const { path, uid, parentUid, slot, index } = event.payload;
      const fail = (error: SerializedError) =>
        blockTransferFailed({ path, message: messageOf(error, PAGE_MESSAGES.move), error }, event);
      const session = selectEditSession(state$.value, path);
      const draft = session?.draft;
      if (!draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      const moving = draft.widgets.find((widget) => widgetUid(widget.id) === uid);
      const parent = parseUid(parentUid);
      const chain = chainOf(draft.widgets, parentUid);
      if (!moving || !parent || !chain) return of(fail(refusal(PAGE_MESSAGES.move)));
      if (holdsParts(draft, uid)) return of(fail(refusal(PAGE_MESSAGES.holdsParts)));
      const reload = answered(
        api.fetchContent(deps.http, draft.page.id),
        (content) => draftLoaded({ path, ...content }, event),
        (error) => draftFailed({ path, error }, event),
      );
      const fields = saveFields(moving, session.changes[uid] ?? {});
      return answered(
        deps.http.request(
          api.assignCollection({
            object: parent.object,
            id: parent.id,
            field: slot,
            values: [moving.component],
          }),
        ),
        ({ data }) => {
          const id = api.newChildrenOf(data)[0];
          if (id === undefined) return concat(of(fail(refusal(PAGE_MESSAGES.move))), reload);
          const order = placedOrder(draft.widgets, { parent: chain, slot, index }, id);
          const writes = [
            api.saveComponent(WIDGET_OBJECT, id, fields),
            api.sortWidgets(order),
            api.removeWidget(moving.id),
          ];
          // the page is reloaded after a failure too: a half-made move shows as the server has it
          return concat(
            answered(
              api.inSequence(deps.http, writes),
              () => blockTransferred({ path, uid, id }, event),
              fail,
            ),
            reload,
          );
        },
        fail,
      );
    }),
  );

export const removeBlock: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(blockRemoveRequested),
    concatMap((event) => {
      const { path, uid } = event.payload;
      const fail = (error: SerializedError) =>
        blockRemoveFailed({ path, message: messageOf(error, PAGE_MESSAGES.remove), error }, event);
      const draft = selectEditSession(state$.value, path)?.draft;
      const parsed = parseUid(uid);
      if (!draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      if (parsed?.object !== WIDGET_OBJECT) return of(fail(refusal(PAGE_MESSAGES.remove)));
      return answered(
        deps.http.request(api.removeWidget(parsed.id)),
        () =>
          concat(
            of(blockRemoved({ path, uid }, event)),
            answered(
              api.fetchContent(deps.http, draft.page.id),
              (content) => draftLoaded({ path, ...content }, event),
              (error) => draftFailed({ path, error }, event),
            ),
          ),
        fail,
      );
    }),
  );

export const replaceAttachment: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(attachmentReplaceRequested),
    concatMap((event) => {
      const { path, fileId, fileKey, fileName } = event.payload;
      const fail = (error: SerializedError) =>
        attachmentReplaceFailed({ path, message: messageOf(error, PAGE_MESSAGES.attachment), error }, event);
      if (!selectEditSession(state$.value, path)?.draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      const blob = deps.files?.get(fileKey);
      if (!fileName || !blob) return of(fail(refusal(PAGE_MESSAGES.notAFile)));
      return answered(
        deps.http.request(api.replaceAttachment(fileId, blob, fileName)),
        ({ data }) => attachmentReplaced({ path, fileId, value: String(data.response.data) }, event),
        fail,
      );
    }),
  );

export const loadEditorConfig = requestEpic<S, typeof editorConfigRequested, api.EditorConfigAnswer>({
  on: editorConfigRequested,
  flatten: 'exhaust',
  when: (_event, state) => state.pages.editorConfig.status !== 'loaded',
  call: () => api.editorConfig(),
  succeeded: (data, event) => editorConfigLoaded({ config: api.toEditorConfig(data) }, event),
  failed: (error, event) => editorConfigFailed({ error }, event),
});
