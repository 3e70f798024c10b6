import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import {
  jobCreateRequested,
  listFetchRequested,
  listNextRequested,
  listRegistered,
} from '../../streams/imports/events';
import {
  type ImportJob,
  selectImportCreate,
  selectImportList,
  selectImportListJobs,
} from '../../streams/imports/selectors';
import { selectIsUser, selectUserId } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatDateTime } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { SignInNeeded } from '../session/sign-in-needed';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import { badgeCount } from './badges';
import { itemCount } from './item-count';
import { ItemThumbnail } from './item-thumbnail';
import { JobActions } from './job-actions';
import { LIST_NAME } from './listed-jobs';
import { countByBadge, type ItemBadge, itemView, type JobView, jobView } from './model';
import { nextRequestId } from './request-id';
import './imports.css';
import './messages';

/** "Sign in" for the imports' views, which need a user. */
export function ImportsSignIn() {
  const t = useTranslate();
  return (
    <SignInNeeded
      className="imports-page"
      title={t('imports.title')}
      text={t('imports.signIn')}
      link={t('imports.signInLink')}
    />
  );
}

const THUMBNAILS_SHOWN = 4;

function JobRow({ job, entry }: { job: JobView; entry: ImportJob }) {
  const t = useTranslate();
  const locale = useLocale();
  const apiPath = useAppState(selectApiPath);
  const counts = countByBadge(job.items);
  const thumbs = job.items.slice(0, THUMBNAILS_SHOWN).map((item) => itemView(item, apiPath));
  return (
    <li className="imports-job">
      <div className="imports-job__head">
        <Link href={`/imports/${encodeURIComponent(job.id)}`} className="imports-job__name">
          {job.name}
        </Link>
        {job.owner && <span>{t('imports.owner', { name: job.owner })}</span>}
        <span>{itemCount(t, locale, job.total)}</span>
        {job.lastActivity && (
          <span>{t('imports.lastActivity', { date: formatDateTime(locale, job.lastActivity) })}</span>
        )}
      </div>
      {Object.keys(counts).length > 0 && (
        <ul className="imports-job__counts">
          {(Object.entries(counts) as [ItemBadge, number][]).map(([badge, count]) => (
            <li key={badge} className={`imports-badge imports-badge--${badge}`}>
              {badgeCount(t, locale, badge, count)}
            </li>
          ))}
        </ul>
      )}
      <JobActions job={entry} view={job} label={t('imports.jobActionsOf', { name: job.name })} />
      {entry.writeError && <ErrorMessage lead={t('imports.actionFailed')} error={entry.writeError} />}
      {thumbs.length > 0 && (
        <ul className="imports-job__thumbs" aria-label={t('imports.thumbnails', { name: job.name })}>
          {thumbs.map((item) => (
            <li key={item.id}>
              <ItemThumbnail item={item} size={64} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The "New import" dialog: a name, "Create"; the new job's page opens once it exists. */
function NewImportDialog({ onClose }: { onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const outcome = useAppState(selectImportCreate, requestId ?? '');
  const nameId = useId();

  useEffect(() => {
    if (outcome?.status === 'loaded' && outcome.jobId)
      navigate(`/imports/${encodeURIComponent(outcome.jobId)}`);
  }, [outcome, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const id = nextRequestId('create');
    setRequestId(id);
    dispatch(jobCreateRequested({ requestId: id, description: { name: trimmed } }));
  }

  const busy = outcome?.status === 'resolving' || outcome?.status === 'fetching';
  return (
    <ModalDialog title={t('imports.new')} onClose={onClose}>
      <form onSubmit={submit} className="imports-form" noValidate>
        <label htmlFor={nameId}>{t('imports.name')}</label>
        <input id={nameId} value={name} required onChange={(event) => setName(event.target.value)} />
        {outcome?.status === 'error' && outcome.error && (
          <ErrorMessage lead={t('imports.createFailed')} error={outcome.error} />
        )}
        {busy && <p role="status">{t('imports.creating')}</p>}
        <SubmitOrCancel
          submit={t('imports.create')}
          cancel={t('imports.cancel')}
          onCancel={onClose}
          disabled={busy || name.trim() === ''}
          className="imports-form__actions"
        />
      </form>
    </ModalDialog>
  );
}

/** `/imports`: the jobs, newest first, each with its owner, counts, last activity and first thumbnails. */
export function ImportsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const userId = useAppState(selectUserId);
  const list = useAppState(selectImportList, LIST_NAME);
  const jobs = useAppState(selectImportListJobs, LIST_NAME);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (!userId) return;
    dispatch(listRegistered({ name: LIST_NAME }));
    dispatch(listFetchRequested({ name: LIST_NAME }));
  }, [dispatch, userId]);

  if (!isUser) return <ImportsSignIn />;

  const rows = jobs
    .filter((entry) => Boolean(entry.data))
    .map((entry) => ({ entry, view: jobView(entry.data as Record<string, unknown>) }));
  const views = rows.map((row) => row.view);
  const status = list?.status ?? 'initial';
  return (
    <section className="imports-page">
      <div className="imports-page__header">
        <h1>{t('imports.title')}</h1>
        <button type="button" onClick={() => setCreating(true)}>
          {t('imports.new')}
        </button>
      </div>
      {status === 'error' && list?.error && (
        <ErrorMessage
          lead={t('imports.loadFailed')}
          error={list.error}
          onRetry={() => dispatch(listFetchRequested({ name: LIST_NAME }))}
          retryLabel={t('imports.retry')}
        />
      )}
      {status !== 'loaded' && status !== 'error' && views.length === 0 && (
        <p role="status">{t('imports.loading')}</p>
      )}
      {status === 'loaded' && views.length === 0 && <p>{t('imports.empty')}</p>}
      {views.length > 0 && (
        <ul className="imports-list">
          {rows.map(({ entry, view }) => (
            <JobRow key={view.id} job={view} entry={entry} />
          ))}
        </ul>
      )}
      {list?.next && (
        <button
          type="button"
          disabled={status === 'fetching'}
          onClick={() => dispatch(listNextRequested({ name: LIST_NAME }))}
        >
          {t('imports.loadingMore')}
        </button>
      )}
      {creating && <NewImportDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
