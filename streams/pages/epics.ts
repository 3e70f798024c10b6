// The page epics: list, page by path, edit mode, save and publish; the block structure epics and the
// editor config are in `block-epics.ts`.
import { concat, concatMap, defer, filter, mergeMap, type Observable, of, switchMap, take } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { isAnswerLost } from '../core/reconcile';
import { selectOutboxEntries } from '../outbox/selectors';
import * as api from './api';
import { answered, messageOf, PAGE_MESSAGES, refusal, type S } from './epic-support';
import * as pageEvents from './events';
import { PAGE_OBJECT, PAGE_STATUS_FILTER, pageOfPath, parseUid, saveFields, WIDGET_OBJECT } from './model';
import type { PageContent } from './state';
import { readBackPublish, readBackSave, type SentComponent } from './read-back';
import { selectEditSession, selectPage } from './selectors';

// --- list ------------------------------------------------------------------------------------

export const loadList: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(pageEvents.listRequested),
    filter((event) => {
      const { status } = state$.value.pages.list;
      if (status === 'initial' || status === 'fetching') return false;
      return event.payload.force === true || status !== 'loaded';
    }),
    switchMap((event) =>
      concat(
        of(pageEvents.listStarted({}, event)),
        answered(
          deps.http.request(api.listPages()),
          ({ data }) => pageEvents.listLoaded({ pages: data.response.data.map(api.toPageRecord) }, event),
          (error) => pageEvents.listFailed({ error }, event),
        ),
      ),
    ),
  );

// --- page by path ------------------------------------------------------------------------------

/**
 * A page by path: the list first when it is not loaded, then the page of that path (status filter,
 * highest version), its widgets and files. One flow per path; a newer request replaces an older one.
 */
export const loadPage: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(pageEvents.pageRequested),
    filter((event) => {
      const status = selectPage(state$.value, event.payload.path)?.status;
      return status !== 'initial' && status !== 'fetching';
    }),
    perKey(
      (event) => event.payload.path,
      switchMap((event) => {
        const { path } = event.payload;
        const status = event.payload.status ?? PAGE_STATUS_FILTER;
        const resolve = (pages: S['pages']['list']['pages']): Observable<UnstampedEvent> => {
          const page = pageOfPath(pages, path, status);
          if (!page)
            return of(
              pageEvents.pageFailed({ path, error: serializeError(api.unknownPathError(path)) }, event),
            );
          return concat(
            of(pageEvents.pageStarted({ path, id: page.id }, event)),
            answered(
              api.fetchContent(deps.http, page.id),
              (content) => pageEvents.pageLoaded({ path, ...content }, event),
              (error) => pageEvents.pageFailed({ path, error }, event),
            ),
          );
        };
        const { list } = state$.value.pages;
        if (list.status === 'loaded') return defer(() => resolve(list.pages));
        if (list.status === 'initial' || list.status === 'fetching') {
          // the list is on its way (the screen asked it first): its answer resolves the path
          return event$.pipe(
            filter((one) => pageEvents.listLoaded.match(one) || pageEvents.listFailed.match(one)),
            take(1),
            mergeMap((one: AnyEvent) =>
              pageEvents.listLoaded.match(one)
                ? resolve(one.payload.pages)
                : pageEvents.listFailed.match(one)
                  ? of(pageEvents.pageFailed({ path, error: one.payload.error }, event))
                  : of(),
            ),
          );
        }
        return concat(
          of(pageEvents.listStarted({}, event)),
          answered(
            deps.http.request(api.listPages()),
            ({ data }) => {
              const pages = data.response.data.map(api.toPageRecord);
              return concat(of(pageEvents.listLoaded({ pages }, event)), resolve(pages));
            },
            (error) => [
              pageEvents.listFailed({ error }, event),
              pageEvents.pageFailed({ path, error }, event),
            ],
          ),
        );
      }),
    ),
  );

// --- edit mode: work copy, then the draft page -------------------------------------------------

export const enterEditMode: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(pageEvents.editModeEntered),
    perKey(
      (event) => event.payload.path,
      switchMap((event) => {
        const { path } = event.payload;
        const edit = selectEditSession(state$.value, path);
        if (edit?.draft && edit.workCopyStatus === 'loaded') return of();
        const page = selectPage(state$.value, path)?.content?.page;
        if (!page)
          return of(pageEvents.workCopyFailed({ path, error: refusal(PAGE_MESSAGES.notLoaded) }, event));
        return concat(
          of(pageEvents.workCopyStarted({ path, pageId: page.id }, event)),
          answered(
            deps.http.request(api.fetchWorkCopy(page.id)),
            ({ data }) => {
              const workCopyId = api.workCopyIdOf(data);
              return concat(
                of(pageEvents.workCopyLoaded({ path, pageId: page.id, workCopyId }, event)),
                answered(
                  api.fetchDraft(deps.http, workCopyId || page.id),
                  (content) => pageEvents.draftLoaded({ path, ...content }, event),
                  (error) => pageEvents.draftFailed({ path, error }, event),
                ),
              );
            },
            (error) => pageEvents.workCopyFailed({ path, error }, event),
          ),
        );
      }),
    ),
  );

// --- save: only the dirty components -----------------------------------------------------------

/** What a save of these changes writes: each dirty component's fields on the work copy (`draft`). */
export function componentsToSave(
  draft: PageContent,
  changes: Record<string, pageEvents.BlockChanges>,
): SentComponent[] {
  return Object.keys(changes).flatMap((uid): SentComponent[] => {
    const parsed = parseUid(uid);
    const change = changes[uid];
    if (!parsed || !change) return [];
    if (parsed.object === PAGE_OBJECT) {
      const base = {
        value: null,
        props: draft.page.props,
        position: 0,
        enabled: true,
        name: draft.page.name,
      };
      const { prop_props, prop_name } = saveFields(base, change);
      const fields: Record<string, string> = {};
      if (prop_props !== undefined) fields.prop_props = prop_props;
      if (prop_name !== undefined) fields.prop_name = prop_name;
      return [{ object: PAGE_OBJECT, id: parsed.id, fields }];
    }
    const widget = draft.widgets.find((one) => one.id === parsed.id);
    return widget ? [{ object: WIDGET_OBJECT, id: widget.id, fields: saveFields(widget, change) }] : [];
  });
}

/**
 * A save writes the dirty components of the work copy being edited; one the outbox kept (`kept`)
 * writes what it was made with, edit session or not (after a reload).
 */
export const savePage: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(pageEvents.saveRequested),
    concatMap((event) => {
      const { path, kept } = event.payload;
      const edit = selectEditSession(state$.value, path);
      const draft = edit?.draft;
      if (!kept && (!edit?.editing || !draft)) {
        return of(
          pageEvents.saveFailed(
            { path, message: PAGE_MESSAGES.noDraft, error: refusal(PAGE_MESSAGES.noDraft) },
            event,
          ),
        );
      }
      const uids = kept?.uids ?? Object.keys(edit!.changes);
      const sent = kept?.sent ?? componentsToSave(draft!, edit!.changes);
      const draftId = kept?.draftId ?? draft!.page.id;
      const requests = sent.map(({ object, id, fields }) => api.saveComponent(object, id, fields));
      return concat(
        of(pageEvents.saveStarted({ path, uids }, event)),
        answered(
          api.inSequence(deps.http, requests),
          () => pageEvents.saved({ path, uids }, event),
          (error) =>
            isAnswerLost(error)
              ? readBackSave(deps, event, { path, uids, draftId, sent }, error)
              : pageEvents.saveFailed({ path, message: messageOf(error, PAGE_MESSAGES.save), error }, event),
        ),
      );
    }),
  );

/**
 * The work copy loaded in the editor: the changes of a save the outbox keeps for it (made before a
 * reload) are shown again over it, until the outbox has sent it.
 */
export const restoreKeptChanges: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(pageEvents.draftLoaded),
    mergeMap((event) => {
      const { path, page } = event.payload;
      return selectOutboxEntries(state$.value)
        .filter((entry) => entry.type === pageEvents.saveRequested.type)
        .flatMap((entry) => {
          const kept = (entry.payload as { path: string; kept?: pageEvents.KeptSave }).kept;
          return kept?.draftId === page.id
            ? [pageEvents.keptChangesRestored({ path, changes: kept.changes }, event)]
            : [];
        });
    }),
  );

// --- publish, then reload through copietravail -------------------------------------------------

export const publishPage: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(pageEvents.publishRequested),
    concatMap((event) => {
      const { path } = event.payload;
      const live = selectPage(state$.value, path)?.content?.page;
      const edit = selectEditSession(state$.value, path);
      const fail = (message: string) =>
        of(pageEvents.publishFailed({ path, message, error: refusal(message) }, event));
      if (!live) return fail(PAGE_MESSAGES.notLoaded);
      if (edit && Object.keys(edit.changes).length > 0) return fail(PAGE_MESSAGES.unsaved);
      const id = edit?.draft?.page.id ?? live.id;
      const reload = defer(() =>
        answered(
          deps.http.request(api.fetchPageRow(live.id)),
          ({ data }) => {
            const row = api.toPageRecord(data.response.data);
            return concat(
              of(pageEvents.pageStarted({ path, id: row.copietravail ?? row.id }, event)),
              answered(
                api.fetchContent(deps.http, row.copietravail ?? row.id),
                (content) => pageEvents.pageLoaded({ path, ...content }, event),
                (error) => pageEvents.pageFailed({ path, error }, event),
              ),
            );
          },
          (error) => pageEvents.pageFailed({ path, error }, event),
        ),
      );
      const relist = answered(
        deps.http.request(api.listPages()),
        ({ data }) => pageEvents.listLoaded({ pages: data.response.data.map(api.toPageRecord) }, event),
        (error) => pageEvents.listFailed({ error }, event),
      );
      return concat(
        of(pageEvents.publishStarted({ path, id }, event)),
        answered(
          deps.http.request(api.publishPage(id)),
          () => concat(of(pageEvents.published({ path, id }, event)), relist, reload),
          (error) =>
            isAnswerLost(error)
              ? readBackPublish(deps, event, { path, id, after: concat(relist, reload) }, error)
              : pageEvents.publishFailed(
                  { path, message: messageOf(error, PAGE_MESSAGES.publish), error },
                  event,
                ),
        ),
      );
    }),
  );
