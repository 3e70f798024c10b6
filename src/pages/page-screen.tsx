import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import {
  attachmentReplaceRequested,
  blockAddRequested,
  blockChanged,
  blockMoveRequested,
  blockRemoveRequested,
  blockTransferRequested,
  editModeEntered,
  editModeLeft,
  listRequested,
  pageRequested,
} from '../../streams/pages/events';
import {
  effectiveStatus,
  selectCanEditPage,
  selectCanUndo,
  selectEditSession,
  selectHasUnsavedChanges,
  selectPage,
  selectPageTree,
  selectShownTree,
} from '../../streams/pages/selectors';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ErrorView } from '../ui/error-view';
import { AddBlockDialog } from './add-block-dialog';
import { BlockArrangement } from './arrangement';
import { BlockEditorDialog } from './block-editor';
import { type Block, stringProp } from './block-model';
import { BlockList, blockTypeName, useBlockLabel } from './blocks/registry';
import { headingLevel } from './blocks/text-blocks';
import { useLeaveGuard } from './leave-guard';
import { type PageEditing, PageEditingContext, READING } from './page-editing';
import { PageState } from './page-state';
import { PageToolbar } from './page-toolbar';
import './messages';
import './pages.css';

/** `/pages/<path>`: the page of that path (it may hold slashes), as readers see it or in edit mode. */
export function PageScreen() {
  const params = useParams<Record<string, string | undefined>>();
  const raw = params['*'] ?? params.wild ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // a malformed escape is looked up as written (and is most likely unknown: the 404)
  }
  return <PageOfPath key={path} path={path} />;
}

const selectListStatus = (state: Parameters<typeof selectPage>[0]) => state.pages.list.status;

type Dialog =
  | { kind: 'edit'; uid: string }
  | { kind: 'add'; parentUid: string; slot: string; index: number | undefined }
  | null;

function PageOfPath({ path }: { path: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectPage, path);
  const tree = useAppState(selectShownTree, path);
  const canEdit = useAppState(selectCanEditPage, path);
  const session = useAppState(selectEditSession, path);
  const unsaved = useAppState(selectHasUnsavedChanges, path);
  const canUndo = useAppState(selectCanUndo, path);
  const published = useAppState(selectPageTree, path);
  const files = usePortal().files;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showPublished, setShowPublished] = useState(false);
  const asked = useRef(false);
  const label = useBlockLabel();

  // the page list first, then the page by path (seed 002 §4): the page is then chosen from the list
  // as soon as it is asked, and every step is its own recorded request
  const listStatus = useAppState(selectListStatus);
  useEffect(() => {
    if (listStatus === 'unknown') dispatch(listRequested({}));
  }, [dispatch, listStatus]);
  const listReady = listStatus === 'loaded' || listStatus === 'error';
  useEffect(() => {
    // strict mode runs effects twice: one open asks once (a page already loaded is asked again: fresh)
    if (asked.current || !listReady) return;
    asked.current = true;
    dispatch(pageRequested({ path }));
  }, [dispatch, path, listReady]);

  const editing = session?.editing === true;
  const draftReady = editing && session.draftStatus === 'loaded';
  useLeaveGuard(editing && unsaved, t('pages.leaveWarning'));

  const tools = useMemo<PageEditing>(
    () =>
      draftReady
        ? {
            editing: true,
            change: (block, changes) => dispatch(blockChanged({ path, uid: block.uid, changes })),
            edit: (block) => setDialog({ kind: 'edit', uid: block.uid }),
            remove: (block) => {
              if (window.confirm(t('pages.removeConfirm', { block: block.name || label(block.component) }))) {
                dispatch(blockRemoveRequested({ path, uid: block.uid }));
              }
            },
            move: (block, offset) => dispatch(blockMoveRequested({ path, uid: block.uid, offset })),
            transfer: (block, parent, slot, index) =>
              dispatch(blockTransferRequested({ path, uid: block.uid, parentUid: parent.uid, slot, index })),
            add: (parent, slot, index) => setDialog({ kind: 'add', parentUid: parent.uid, slot, index }),
            replaceFile: (block, name, file) => {
              const attachment = block.attachments[name];
              if (!attachment) return;
              // the file stays out of the events: the epic reads it back from `deps.files` by this key
              const fileKey = `pagefile_${attachment.id}_${Date.now()}`;
              files?.set(fileKey, file);
              dispatch(
                attachmentReplaceRequested({ path, fileId: attachment.id, fileKey, fileName: file.name }),
              );
            },
          }
        : READING,
    [draftReady, dispatch, path, t, label, files],
  );

  if (entry?.status === 'error' && !tree) {
    const error = entry.error ?? { code: 'error', message: '' };
    if (error.status === 404 || error.code.includes('404')) {
      return <ErrorView error={error} />;
    }
    return (
      <section className="cms-page">
        <ErrorMessage
          lead={t('pages.failed')}
          error={error}
          onRetry={() => dispatch(pageRequested({ path }))}
          retryLabel={t('pages.retry')}
        />
      </section>
    );
  }
  if (!tree) {
    return (
      <section className="cms-page" aria-busy="true">
        <p role="status">{t('pages.loading')}</p>
      </section>
    );
  }

  const title = stringProp(tree.props, 'title') || tree.name;
  // a page opening with its own level-1 heading block needs no second one
  const ownTitle = (tree.children.main ?? []).some(
    (block) => block.enabled && blockTypeName(block.component) === 'heading' && headingLevel(block) === 1,
  );
  const target = dialog ? findIn(tree, dialog.kind === 'edit' ? dialog.uid : dialog.parentUid) : null;
  const shownPage = (editing ? session.draft?.page : null) ?? entry?.content?.page;
  const blocks = (
    <div className="cms-page__blocks">
      <BlockList parent={tree} slot="main" />
    </div>
  );
  return (
    <PageEditingContext.Provider value={tools}>
      <div
        className={`cms-editor${draftReady ? ' cms-editor--editing' : ''}${showPublished ? ' cms-editor--published' : ''}`}
      >
        <article className={`cms-page${draftReady ? ' cms-page--editing' : ''}`}>
          <header className="page-head">
            {ownTitle ? <p className="cms-page__name">{title}</p> : <h1>{title}</h1>}
            {canEdit && shownPage && (
              <PageState status={effectiveStatus(shownPage)} version={shownPage.version} />
            )}
            {canEdit && (
              <PageToolbar
                path={path}
                editing={editing}
                draftReady={draftReady}
                unsaved={unsaved}
                canUndo={canUndo}
                showPublished={showPublished}
                onShowPublished={setShowPublished}
              />
            )}
          </header>
          {editing && !draftReady && session.draftStatus !== 'error' && (
            <p role="status">{t('pages.loading')}</p>
          )}
          {editing && (session.draftError ?? session.workCopyError) && (
            <ErrorMessage
              lead={t('pages.failed')}
              error={(session.draftError ?? session.workCopyError)!}
              onRetry={() => {
                dispatch(editModeLeft({ path }));
                dispatch(editModeEntered({ path }));
              }}
              retryLabel={t('pages.retry')}
            />
          )}
          {tree.propsError && draftReady && (
            <p role="note">{t('pages.blockError', { message: tree.propsError })}</p>
          )}
          {draftReady ? (
            <section className="cms-page__pane cms-page__pane--draft" aria-label={t('pages.draftPane')}>
              <BlockArrangement>{blocks}</BlockArrangement>
            </section>
          ) : (
            blocks
          )}
        </article>
        {draftReady && <PublishedPreview tree={published} />}
      </div>
      {dialog?.kind === 'edit' && target && (
        <BlockEditorDialog
          block={target}
          onClose={() => setDialog(null)}
          onApply={(changes) => {
            dispatch(blockChanged({ path, uid: target.uid, changes }));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'add' && target && (
        <AddBlockDialog
          parent={target}
          slot={dialog.slot}
          onClose={() => setDialog(null)}
          onAdd={(component) => {
            const at = dialog.index === undefined ? {} : { index: dialog.index };
            dispatch(blockAddRequested({ path, parentUid: target.uid, slot: dialog.slot, component, ...at }));
            setDialog(null);
          }}
        />
      )}
    </PageEditingContext.Provider>
  );
}

function findIn(root: Block, uid: string): Block | null {
  if (root.uid === uid) return root;
  for (const list of Object.values(root.children)) {
    for (const child of list) {
      const found = findIn(child, uid);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The published page beside the draft (or instead of it on a narrow screen: "Show published"), as
 * readers see it: no tools, rich text sanitised by the same blocks.
 */
function PublishedPreview({ tree }: { tree: Block | null }) {
  const t = useTranslate();
  return (
    <PageEditingContext.Provider value={READING}>
      <section className="cms-page__pane cms-page__pane--published" aria-label={t('pages.publishedPane')}>
        <h2 className="cms-page__pane-title">{t('pages.publishedPane')}</h2>
        {tree ? (
          <div className="cms-page__blocks">
            <BlockList parent={tree} slot="main" />
          </div>
        ) : (
          <p>{t('pages.noPublished')}</p>
        )}
      </section>
    </PageEditingContext.Provider>
  );
}
