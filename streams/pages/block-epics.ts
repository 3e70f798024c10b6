// The epics that change a draft page's structure — add, move (within or across slots), remove a
// block, replace an attachment — and the editor config they rely on; the page epics themselves are
// in `epics.ts`.
import { concat, concatMap, mergeMap, of } from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import type { SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
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
} from './events';
import {
  chainOf,
  childrenOrder,
  holdsParts,
  movedOrder,
  parseUid,
  saveFields,
  templateOf,
  WIDGET_OBJECT,
  widgetUid,
} from './model';
import { selectEditSession } from './selectors';

// --- structure: add (assign collection), move (sort), remove, attachment ----------------------

/** The draft read again, after a change the server made whatever the portal heard of it. */
const reloadDraft = (deps: Deps, path: string, pageId: number, cause: AnyEvent) =>
  answered(
    api.fetchDraft(deps.http, pageId),
    (content) => draftLoaded({ path, ...content }, cause),
    (error) => draftFailed({ path, error }, cause),
  );

/**
 * Add block as the reference does it: the template among the parent's children (assign
 * collection), its copy given the slot when the template's differs, the sort, then the copy read.
 */
export const addBlock: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(blockAddRequested),
    concatMap((event) => {
      const { path, parentUid, slot, component, index } = event.payload;
      const parent = parseUid(parentUid);
      const fail = (error: SerializedError) =>
        blockAddFailed({ path, message: messageOf(error, PAGE_MESSAGES.add), error }, event);
      const draft = selectEditSession(state$.value, path)?.draft;
      if (!draft) return of(fail(refusal(PAGE_MESSAGES.noDraft)));
      const chain = chainOf(draft.widgets, parentUid);
      const template = templateOf(draft, parentUid, component);
      if (!parent || !chain || !template) return of(fail(refusal(PAGE_MESSAGES.add)));
      const sent = childrenOrder(
        draft.widgets,
        { parent: chain, slot, index: index ?? Number.POSITIVE_INFINITY },
        template.id,
      );
      return answered(
        deps.http.request(api.assignChildren({ object: parent.object, id: parent.id, children: sent })),
        ({ data }) => {
          const order = api.assignedChildren(data, sent);
          const id = order?.[sent.indexOf(template.id)];
          if (!order || id === undefined)
            return concat(
              of(fail(refusal(PAGE_MESSAGES.add))),
              reloadDraft(deps, path, draft.page.id, event),
            );
          const writes = [
            ...(template.slot === slot ? [] : [api.saveComponent(WIDGET_OBJECT, id, { prop_slot: slot })]),
            api.sortWidgets(order),
          ];
          return answered(
            api
              .inSequence(deps.http, writes)
              .pipe(mergeMap(() => api.fetchWidgets(deps.http, api.widgetQuery(id)))),
            (widgets) => [
              blockAdded({ path, ids: [id], widgets, files: [] }, event),
              blockMoved({ path, order }, event),
            ],
            (error) => concat(of(fail(error)), reloadDraft(deps, path, draft.page.id, event)),
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
      const reload = reloadDraft(deps, path, draft.page.id, event);
      // saved with its slot: the server's copy (another parent) or the block itself keeps its own
      const fields = { ...saveFields(moving, session.changes[uid] ?? {}), prop_slot: slot };
      const sent = childrenOrder(draft.widgets, { parent: chain, slot, index }, moving.id);
      return answered(
        deps.http.request(api.assignChildren({ object: parent.object, id: parent.id, children: sent })),
        ({ data }) => {
          const order = api.assignedChildren(data, sent);
          const id = order?.[sent.indexOf(moving.id)];
          if (!order || id === undefined) return concat(of(fail(refusal(PAGE_MESSAGES.move))), reload);
          const writes = [
            api.saveComponent(WIDGET_OBJECT, id, fields),
            api.sortWidgets(order),
            ...(id === moving.id ? [] : [api.removeWidget(moving.id)]),
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
        () => concat(of(blockRemoved({ path, uid }, event)), reloadDraft(deps, path, draft.page.id, event)),
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
