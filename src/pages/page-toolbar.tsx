import { useId } from 'react';
import {
  blockChangeUndone,
  editModeEntered,
  editModeLeft,
  publishRequested,
  saveRequested,
} from '../../streams/pages/events';
import { type OperationEntry, selectEditSession } from '../../streams/pages/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * "Edit page" / "Stop editing", and in edit mode "Undo", "Save", "Publish", the count of unsaved
 * changes, "Show published" / "Show draft" (the panes take turns on a narrow screen) and what the
 * last operation did.
 */
export function PageToolbar({
  path,
  editing,
  draftReady,
  unsaved,
  canUndo,
  showPublished,
  onShowPublished,
}: {
  path: string;
  editing: boolean;
  draftReady: boolean;
  unsaved: boolean;
  canUndo: boolean;
  showPublished: boolean;
  onShowPublished(show: boolean): void;
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
            className="button btn-primary"
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
          <button
            type="button"
            className="button cms-page__pane-toggle"
            onClick={() => onShowPublished(!showPublished)}
          >
            {showPublished ? t('pages.showDraft') : t('pages.showPublished')}
          </button>
          {unsaved && <span className="cms-page__unsaved">{t('pages.unsaved', { count })}</span>}
        </>
      )}
      <OperationStatus operation={operation} />
    </div>
  );
}

/** What each operation says while it runs, once done, and as the lead of its failure. */
const SAYS: Partial<
  Record<OperationEntry['kind'], { running: MessageKey; done: MessageKey; failed: MessageKey }>
> = {
  save: { running: 'pages.saving', done: 'pages.saved', failed: 'pages.saveFailed' },
  publish: { running: 'pages.publishing', done: 'pages.published', failed: 'pages.publishFailed' },
  attachment: { running: 'pages.replacing', done: 'pages.replaced', failed: 'pages.replaceFailed' },
};
const FAILED: Partial<Record<OperationEntry['kind'], MessageKey>> = { move: 'pages.moveFailed' };

function OperationStatus({ operation }: { operation: OperationEntry | null }) {
  const t = useTranslate();
  if (!operation) return null;
  const says = SAYS[operation.kind];
  if (operation.status === 'error') {
    const lead = says?.failed ?? FAILED[operation.kind];
    return (
      <PendingWrite requestId={operation.requestId}>
        <ErrorMessage
          lead={lead ? t(lead) : undefined}
          error={operation.error ?? { code: 'error', message: '' }}
        />
      </PendingWrite>
    );
  }
  if (!says) return null;
  return <span role="status">{t(operation.status === 'fetching' ? says.running : says.done)}</span>;
}
