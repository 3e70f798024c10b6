import { type DragEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import {
  jobUnwatched,
  jobWatched,
  filesAdded,
  itemsDeleteRequested,
  itemsFetchRequested,
  itemsSearchRequested,
  itemsTransferRequested,
  itemsWorkflowRequested,
  jobFetchRequested,
  validateRequested,
  wordsRequested,
} from '../../streams/imports/events';
import { selectUploadQueue } from '../../streams/imports/selectors';
import { selectIsUser, selectUserId } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ErrorView } from '../ui/error-view';
import { ModalDialog } from '../ui/modal-dialog';
import { AddFiles } from './add-files';
import { droppedFiles } from './dropped-files';
import { EditMetadataDialog } from './edit-metadata-dialog';
import { useFileStore } from './files';
import { ImportsSignIn } from './imports-page';
import { gridItems, ItemsGrid } from './items-grid';
import { counted, itemCount } from './item-count';
import { badgeCounts, commonActions, type ItemBadge, jobView, needsFetch } from './model';
import { MoveDialog } from './move-dialog';
import { nextRequestId } from './request-id';
import { readItems, readJob } from './select';
import { RunningCommands } from './running-commands';
import { FailedUploads, ResumeList, UploadQueue } from './upload-queue';
import { BADGE_LABELS } from './badges';
import './imports.css';
import './messages';

/** Items on screen known by id only are fetched this many at a time (protocol §15.2: at most 200, 50 preferred). */
const FETCH_CHUNK = 50;

/** `/imports/:id`: add files, follow the uploads, then edit, validate, move or delete the items. */
export function ImportPage() {
  const { id: rawId = '' } = useParams<{ id: string }>();
  const jobId = decodeURIComponent(rawId);
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const files = useFileStore();
  const isUser = useAppState(selectIsUser);
  const userId = useAppState(selectUserId);
  const apiPath = useAppState(selectApiPath);
  const job = useAppState(readJob, jobId);
  const items = useAppState(readItems);
  const queue = useAppState(selectUploadQueue, jobId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'edit' | 'move' | 'delete' | null>(null);
  const [fulltext, setFulltext] = useState('');
  const [dragging, setDragging] = useState(false);
  const [addedBytes, setAddedBytes] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const wordsId = useId();
  const toolbarId = useId();

  useEffect(() => {
    if (!userId || !jobId) return;
    dispatch(jobFetchRequested({ jobId, withItems: false }));
    dispatch(itemsSearchRequested({ jobId }));
  }, [dispatch, userId, jobId]);

  // the queue emptied: the items it made are read again (their statuses too)
  const queueLength = queue.filter((file) => file.status !== 'loaded').length;
  const hadQueue = useRef(false);
  useEffect(() => {
    if (queueLength > 0) hadQueue.current = true;
    else if (hadQueue.current) {
      hadQueue.current = false;
      setAddedBytes(0);
      dispatch(itemsSearchRequested({ jobId, fulltext: fulltext || undefined }));
    }
  }, [queueLength, dispatch, jobId, fulltext]);

  const searchIds = job?.search?.ids ?? EMPTY_IDS;
  // one cell per item, whatever a server repeats
  const ids = useMemo(() => [...new Set(searchIds)], [searchIds]);
  const grid = useMemo(() => gridItems(ids, items, apiPath), [ids, items, apiPath]);
  // while the page is open, the epics follow the items being analysed (imports/followAnalyzingItems)
  useEffect(() => {
    dispatch(jobWatched({ jobId }));
    return () => void dispatch(jobUnwatched({ jobId }));
  }, [dispatch, jobId]);

  // the items on screen that the search gave by id only are fetched, 50 at a time
  const [range, setRange] = useState<{ first: number; last: number } | null>(null);
  useEffect(() => {
    if (!range) return;
    const missing = ids.slice(range.first, range.last + 1).filter((id) => needsFetch(items[id]));
    for (let start = 0; start < missing.length; start += FETCH_CHUNK) {
      dispatch(itemsFetchRequested({ jobId, ids: missing.slice(start, start + FETCH_CHUNK) }));
    }
  }, [range, ids, items, dispatch, jobId]);

  const onToggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const addFiles = useCallback(
    (chosen: readonly File[], unzip: boolean) => {
      if (chosen.length === 0) return;
      const added = chosen.map((file) => ({
        id: files.add(file),
        name: file.webkitRelativePath || file.name,
        size: file.size,
        ...(file.type ? { type: file.type } : {}),
      }));
      setAddedBytes((bytes) => bytes + chosen.reduce((sum, file) => sum + file.size, 0));
      dispatch(filesAdded({ jobId, files: added, unzip }));
    },
    [dispatch, files, jobId],
  );

  if (!isUser) return <ImportsSignIn />;
  if (job?.status === 'not_found') {
    return (
      <section className="imports-page">
        <h1>{t('imports.notFound')}</h1>
        <ErrorView
          error={{
            code: job.error?.code?.includes('404') ? job.error.code : 'error.http.404',
            message: job.error?.message ?? `Job '${jobId}' is unknown`,
          }}
        />
        <Link href="/imports">{t('imports.back')}</Link>
      </section>
    );
  }

  const view = job?.data ? jobView(job.data as Record<string, unknown>) : null;
  const chosen = [...selected].filter((id) => ids.includes(id));
  // "Validate" has its own button (the validate command): the group holds the other steps
  const actions = commonActions(chosen.map((id) => items[id]?.data ?? null)).filter(
    ({ action }) => action !== 'validate',
  );
  const counts = job?.statusCounts ? badgeCounts(job.statusCounts.counts) : null;
  const words = job?.words?.fulltext === fulltext ? job.words.words : [];
  const searching = job?.search?.status === 'fetching' || job?.search?.status === 'initial';
  const allSelected = ids.length > 0 && chosen.length === ids.length;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer) void droppedFiles(event.dataTransfer).then((dropped) => addFiles(dropped, false));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files anywhere on the page adds them; "Add files" is the accessible way
    <section
      className={`imports-page imports-job-page${dragging ? ' imports-job-page--dragging' : ''}`}
      onDragOver={(event) => {
        if ([...(event.dataTransfer?.types ?? [])].includes('Files')) {
          event.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Link href="/imports">{t('imports.back')}</Link>
      <h1>{view?.name ?? t('imports.title')}</h1>
      {dragging && <p className="imports-drop__hint">{t('imports.dropping')}</p>}
      {(job === null || job.status === 'initial' || job.status === 'unknown') && !view && (
        <p role="status">{t('imports.jobLoading')}</p>
      )}
      {job?.status === 'error' && job.error && (
        <ErrorMessage
          lead={t('imports.jobFailed')}
          error={job.error}
          onRetry={() => dispatch(jobFetchRequested({ jobId }))}
          retryLabel={t('imports.retry')}
        />
      )}
      {view && (
        <p className="imports-job__head">
          {view.owner && <span>{t('imports.owner', { name: view.owner })}</span>}
          <span>{itemCount(t, locale, job?.count ?? view.total)}</span>
          {counts &&
            (Object.entries(counts) as [ItemBadge, number][]).map(([badge, count]) => (
              <span key={badge} className={`imports-badge imports-badge--${badge}`}>
                {t('imports.countByStatus', { count, status: t(BADGE_LABELS[badge]) })}
              </span>
            ))}
        </p>
      )}
      <ResumeList jobId={jobId} onChoose={() => fileInput.current?.click()} />
      <AddFiles onFiles={addFiles} inputRef={fileInput} />
      <UploadQueue jobId={jobId} addedBytes={addedBytes} />
      <FailedUploads jobId={jobId} />

      <h2>{t('imports.grid')}</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark around the form (the <search> element is too new for some browsers) */}
      <form
        role="search"
        className="imports-search"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch(itemsSearchRequested({ jobId, fulltext: fulltext || undefined }));
        }}
      >
        <label htmlFor={searchId}>{t('imports.search')}</label>
        <input
          id={searchId}
          type="search"
          list={wordsId}
          value={fulltext}
          onChange={(event) => {
            const text = event.target.value;
            setFulltext(text);
            if (text.trim().length >= 2) dispatch(wordsRequested({ jobId, fulltext: text.trim() }));
          }}
        />
        <datalist id={wordsId} aria-label={t('imports.searchSuggestions')}>
          {words.map((word) => (
            <option key={word} value={word} />
          ))}
        </datalist>
        <button type="submit">{t('imports.search')}</button>
      </form>

      <div role="toolbar" aria-labelledby={toolbarId} className="imports-toolbar">
        <span id={toolbarId}>
          {counted(t, locale, chosen.length, 'imports.selectedOne', 'imports.selected')}
        </span>
        <label>
          <input
            type="checkbox"
            checked={allSelected}
            disabled={ids.length === 0}
            onChange={(event) => setSelected(event.target.checked ? new Set(ids) : new Set())}
          />{' '}
          {t('imports.selectAll')}
        </label>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('edit')}>
          {t('imports.editMetadata')}
        </button>
        <button
          type="button"
          disabled={chosen.length === 0}
          onClick={() =>
            dispatch(validateRequested({ requestId: nextRequestId('validate'), jobId, itemIds: chosen }))
          }
        >
          {t('imports.validate')}
        </button>
        {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's fieldset */}
        <div role="group" aria-label={t('imports.workflow')} className="imports-toolbar__workflow">
          {actions.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              onClick={() => dispatch(itemsWorkflowRequested({ jobId, itemIds: chosen, action }))}
            >
              {label}
            </button>
          ))}
        </div>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('move')}>
          {t('imports.move')}
        </button>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('delete')}>
          {t('imports.delete')}
        </button>
      </div>
      <RunningCommands jobId={jobId} />
      {job?.writeError && <ErrorMessage lead={t('imports.actionFailed')} error={job.writeError} />}

      {job?.search?.status === 'error' && job.search.error && (
        <ErrorMessage
          lead={t('imports.itemsFailed')}
          error={job.search.error}
          onRetry={() => dispatch(itemsSearchRequested({ jobId, fulltext: fulltext || undefined }))}
          retryLabel={t('imports.retry')}
        />
      )}
      {searching && ids.length === 0 && <p role="status">{t('imports.itemsLoading')}</p>}
      {job?.search?.status === 'loaded' && ids.length === 0 && <p>{t('imports.noItems')}</p>}
      {ids.length > 0 && (
        <ItemsGrid
          items={grid}
          selected={selected}
          onToggle={onToggle}
          label={t('imports.grid')}
          onRangeChange={setRange}
        />
      )}

      {dialog === 'edit' && (
        <EditMetadataDialog jobId={jobId} itemIds={chosen} onClose={() => setDialog(null)} />
      )}
      {dialog === 'move' && (
        <MoveDialog
          jobId={jobId}
          onClose={() => setDialog(null)}
          onMove={(targetJobId) => {
            dispatch(itemsTransferRequested({ jobId, itemIds: chosen, targetJobId }));
            setSelected(new Set());
            setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ModalDialog
          title={counted(t, locale, chosen.length, 'imports.deleteConfirmOne', 'imports.deleteConfirm')}
          onClose={() => setDialog(null)}
        >
          <div className="imports-form__actions">
            <button
              type="button"
              onClick={() => {
                dispatch(itemsDeleteRequested({ jobId, itemIds: chosen }));
                setSelected(new Set());
                setDialog(null);
              }}
            >
              {t('imports.delete')}
            </button>
            <button type="button" onClick={() => setDialog(null)}>
              {t('imports.cancel')}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}

const EMPTY_IDS: string[] = [];
