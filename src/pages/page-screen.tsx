import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import {
  blockAddRequested,
  blockChanged,
  blockChangeUndone,
  blockMoveRequested,
  blockRemoveRequested,
  editModeEntered,
  editModeLeft,
  listRequested,
  pageRequested,
  publishRequested,
  saveRequested,
} from '../../streams/pages/events';
import {
  selectCanEditPage,
  selectCanUndo,
  selectEditSession,
  selectHasUnsavedChanges,
  selectPage,
  selectShownTree,
} from '../../streams/pages/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ErrorView } from '../ui/error-view';
import { AddBlockDialog } from './add-block-dialog';
import { BlockEditorDialog } from './block-editor';
import { type Block, stringProp } from './block-model';
import { BlockList, blockTypeName, useBlockLabel } from './blocks/registry';
import { headingLevel } from './blocks/text-blocks';
import { useLeaveGuard } from './leave-guard';
import { type PageEditing, PageEditingContext, READING } from './page-editing';
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

type Dialog = { kind: 'edit'; uid: string } | { kind: 'add'; parentUid: string; slot: string } | null;

function PageOfPath({ path }: { path: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectPage, path);
  const tree = useAppState(selectShownTree, path);
  const canEdit = useAppState(selectCanEditPage, path);
  const session = useAppState(selectEditSession, path);
  const unsaved = useAppState(selectHasUnsavedChanges, path);
  const canUndo = useAppState(selectCanUndo, path);
  const [dialog, setDialog] = useState<Dialog>(null);
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
            add: (parent, slot) => setDialog({ kind: 'add', parentUid: parent.uid, slot }),
          }
        : READING,
    [draftReady, dispatch, path, t, label],
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
  return (
    <PageEditingContext.Provider value={tools}>
      <article className={`cms-page${draftReady ? ' cms-page--editing' : ''}`}>
        <header className="cms-page__header">
          {ownTitle ? <p className="cms-page__name">{title}</p> : <h1>{title}</h1>}
          {canEdit && (
            <PageToolbar
              path={path}
              editing={editing}
              draftReady={draftReady}
              unsaved={unsaved}
              canUndo={canUndo}
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
        <div className="cms-page__blocks">
          <BlockList parent={tree} slot="main" />
        </div>
      </article>
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
            dispatch(blockAddRequested({ path, parentUid: target.uid, slot: dialog.slot, component }));
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

/** "Edit page" / "Stop editing", and in edit mode "Save", "Publish", "Undo" and what they did. */
function PageToolbar({
  path,
  editing,
  draftReady,
  unsaved,
  canUndo,
}: {
  path: string;
  editing: boolean;
  draftReady: boolean;
  unsaved: boolean;
  canUndo: boolean;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const session = useAppState(selectEditSession, path);
  const count = Object.keys(session?.changes ?? {}).length;
  const operation = session?.operation ?? null;
  const busy = operation?.status === 'fetching';
  const toolbarId = useId();
  return (
    <div className="cms-page__toolbar" role="toolbar" aria-labelledby={toolbarId}>
      <span id={toolbarId} className="visually-hidden">
        {t('pages.toolbar')}
      </span>
      {editing ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!unsaved || window.confirm(t('pages.leaveWarning'))) dispatch(editModeLeft({ path }));
          }}
        >
          {t('pages.stopEditing')}
        </button>
      ) : (
        <button type="button" className="button" onClick={() => dispatch(editModeEntered({ path }))}>
          {t('pages.edit')}
        </button>
      )}
      {draftReady && (
        <>
          <button
            type="button"
            className="button"
            disabled={!canUndo || busy}
            onClick={() => dispatch(blockChangeUndone({ path }))}
          >
            {t('pages.undo')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!unsaved || busy}
            onClick={() => dispatch(saveRequested({ path }))}
          >
            {t('pages.save')}
          </button>
          <button
            type="button"
            className="button"
            disabled={unsaved || busy}
            onClick={() => dispatch(publishRequested({ path }))}
          >
            {t('pages.publish')}
          </button>
          {unsaved && <span className="cms-page__unsaved">{t('pages.unsaved', { count })}</span>}
        </>
      )}
      <OperationStatus operation={operation} />
    </div>
  );
}

function OperationStatus({
  operation,
}: {
  operation: { kind: string; status: string; error: { code: string; message: string } | null } | null;
}) {
  const t = useTranslate();
  if (!operation) return null;
  if (operation.status === 'error') {
    const lead =
      operation.kind === 'save'
        ? t('pages.saveFailed')
        : operation.kind === 'publish'
          ? t('pages.publishFailed')
          : '';
    return (
      <ErrorMessage lead={lead || undefined} error={operation.error ?? { code: 'error', message: '' }} />
    );
  }
  if (operation.kind === 'save') {
    return (
      <span role="status">{operation.status === 'fetching' ? t('pages.saving') : t('pages.saved')}</span>
    );
  }
  if (operation.kind === 'publish') {
    return (
      <span role="status">
        {operation.status === 'fetching' ? t('pages.publishing') : t('pages.published')}
      </span>
    );
  }
  return null;
}
