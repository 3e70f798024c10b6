import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  analyzingCountRequested,
  jobUnwatched,
  jobWatched,
  filesAdded,
  itemsSearchRequested,
  jobFetchRequested,
  statusCountsRequested,
  wordsRequested,
  workflowListRequested,
} from '../../streams/imports/events';
import { selectImportJob, selectImportSearchIds, selectUploadsUnsent } from '../../streams/imports/selectors';
import { selectSelectionAmong, selectionList } from '../../streams/selection/selectors';
import { selectIsUser, selectUserId } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { AddFiles } from './add-files';
import { droppedFiles } from './dropped-files';
import { useFileStore } from './files';
import { ImportsSignIn } from './imports-page';
import { ItemsGrid } from './items-grid';
import { JobUnavailable, jobAccessProblem } from './job-unavailable';
import { ItemsToolbar } from './items-toolbar';
import { JobActions } from './job-actions';
import { JobSummary } from './job-summary';
import { jobView } from './model';
import { RunningCommands } from './running-commands';
import { SortItems } from './sort-items';
import { FailedUploads, ResumeList, UploadQueue } from './upload-queue';
import './imports.css';
import './messages';

/** `/imports/:id`: add files, follow the uploads, then edit, validate, move or delete the items. */
export function ImportPage() {
  const { id: rawId = '' } = useParams<{ id: string }>();
  const jobId = decodeURIComponent(rawId);
  const t = useTranslate();
  const dispatch = useDispatch();
  const files = useFileStore();
  const isUser = useAppState(selectIsUser);
  const userId = useAppState(selectUserId);
  const job = useAppState(selectImportJob, jobId);
  const ids = useAppState(selectImportSearchIds, jobId);
  const chosen = useAppState(selectSelectionAmong, selectionList.import(jobId), ids);
  const unsent = useAppState(selectUploadsUnsent, jobId);
  const [, navigate] = useLocation();
  const [fulltext, setFulltext] = useState('');
  const [dragging, setDragging] = useState(false);
  const [addedBytes, setAddedBytes] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const wordsId = useId();

  useEffect(() => {
    if (!userId || !jobId) return;
    dispatch(jobFetchRequested({ jobId, withItems: false }));
    dispatch(itemsSearchRequested({ jobId }));
    dispatch(statusCountsRequested({ jobId }));
    dispatch(analyzingCountRequested({ jobId }));
    dispatch(workflowListRequested({}));
  }, [dispatch, userId, jobId]);

  // the items are searched in the order the search holds ("Sort items"), with the typed text
  const orderby = job?.search?.orderby ?? '';
  const search = useCallback(
    (text: string, order: string) =>
      dispatch(itemsSearchRequested({ jobId, fulltext: text || undefined, orderby: order || undefined })),
    [dispatch, jobId],
  );

  // a deleted import is gone: back to the list
  const deleted = job?.deleted === true;
  useEffect(() => {
    if (deleted) navigate('/imports');
  }, [deleted, navigate]);

  // the queue emptied (the imports epics then search the items again): the bytes added start over
  useEffect(() => {
    if (unsent === 0) setAddedBytes(0);
  }, [unsent]);

  // while the page is open, the epics follow the items being analysed, fetch those shown by id
  // only and search again when the uploads are done (streams/imports/page-epics.ts)
  useEffect(() => {
    dispatch(jobWatched({ jobId }));
    return () => void dispatch(jobUnwatched({ jobId }));
  }, [dispatch, jobId]);

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
  // a job that is not there, or not mine to see: words and a way back instead of the page's tools
  if (job?.error && (job.status === 'not_found' || (job.status === 'error' && jobAccessProblem(job.error))))
    return <JobUnavailable error={job.error} />;

  const view = job?.data ? jobView(job.data as Record<string, unknown>) : null;
  const words = job?.words?.fulltext === fulltext ? job.words.words : [];
  const searching = job?.search?.status === 'fetching' || job?.search?.status === 'initial';

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
      {view && job && <JobSummary job={job} view={view} />}
      {view && job && <JobActions job={job} view={view} />}
      {job?.writeError && <ErrorMessage lead={t('imports.actionFailed')} error={job.writeError} />}
      <ResumeList jobId={jobId} onChoose={() => fileInput.current?.click()} />
      <AddFiles onFiles={addFiles} inputRef={fileInput} dragging={dragging} />
      <UploadQueue jobId={jobId} addedBytes={addedBytes} />
      <FailedUploads jobId={jobId} />

      <h2>{t('imports.grid')}</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark around the form (the <search> element is too new for some browsers) */}
      <form
        role="search"
        className="imports-search"
        onSubmit={(event) => {
          event.preventDefault();
          search(fulltext, orderby);
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
      <SortItems orderby={orderby} onChange={(order) => search(fulltext, order)} />

      <ItemsToolbar jobId={jobId} ids={ids} chosen={chosen} />
      <RunningCommands jobId={jobId} />

      {job?.search?.status === 'error' && job.search.error && (
        <ErrorMessage
          lead={t('imports.itemsFailed')}
          error={job.search.error}
          onRetry={() => search(fulltext, orderby)}
          retryLabel={t('imports.retry')}
        />
      )}
      {searching && ids.length === 0 && <p role="status">{t('imports.itemsLoading')}</p>}
      {job?.search?.status === 'loaded' && ids.length === 0 && <p>{t('imports.noItems')}</p>}
      {ids.length > 0 && <ItemsGrid jobId={jobId} ids={ids} label={t('imports.grid')} />}
    </section>
  );
}
