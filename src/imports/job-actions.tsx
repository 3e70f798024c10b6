import { useState } from 'react';
import { jobDeleteRequested, jobWorkflowRequested } from '../../streams/imports/events';
import type { ImportJob } from '../../streams/imports/selectors';
import { useDispatch } from '../hooks/use-dispatch';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { itemCount } from './item-count';
import { AddSubJobsDialog, ChangeOwnerDialog } from './job-dialogs';
import type { JobView } from './model';
import './messages';

/** What a running write on the job is called while it runs. */
const WRITING_LABELS = {
  delete: 'imports.deleting',
  owner: 'imports.changingOwner',
  subjobs: 'imports.addingSubJobs',
  workflow: 'imports.starting',
} as const;

/**
 * The job's own actions, for its owner and asset managers (the server's `$security` says who):
 * "Delete import" after a confirmation, "Change owner", "Add sub-imports", "Start workflow".
 * A write's failure shows where the actions are (the job's `writeError`); a delete that worked
 * leaves the job page, and takes the job off the list. The job page and each row of `/imports`
 * use these same buttons and dialogs.
 */
export function JobActions({
  job,
  view,
  label,
}: {
  job: ImportJob;
  view: JobView;
  /** the group's name: on the list, where every job has its own, it names the job */
  label?: string;
}) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const [dialog, setDialog] = useState<'delete' | 'owner' | 'subjobs' | null>(null);
  if (!view.mayManage) return null;
  const busy = job.writing !== null;
  const close = () => setDialog(null);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's fieldset */}
      <div role="group" aria-label={label ?? t('imports.jobActions')} className="imports-job-actions">
        <button
          type="button"
          disabled={busy || view.status === 'running'}
          onClick={() => dispatch(jobWorkflowRequested({ jobId: job.id, action: 'start' }))}
        >
          {t('imports.startWorkflow')}
        </button>
        <button type="button" disabled={busy} onClick={() => setDialog('owner')}>
          {t('imports.changeOwner')}
        </button>
        <button type="button" disabled={busy} onClick={() => setDialog('subjobs')}>
          {t('imports.addSubJobs')}
        </button>
        <button type="button" disabled={busy} onClick={() => setDialog('delete')}>
          {t('imports.deleteImport')}
        </button>
        {job.writing && <span role="status">{t(WRITING_LABELS[job.writing])}</span>}
      </div>
      {dialog === 'delete' && (
        <ModalDialog title={t('imports.deleteImport')} onClose={close}>
          <p>
            {t('imports.deleteImportConfirm', {
              name: view.name,
              items: itemCount(t, locale, job.count ?? view.total),
            })}
          </p>
          <div className="imports-form__actions">
            <button
              type="button"
              onClick={() => {
                dispatch(jobDeleteRequested({ jobId: job.id }));
                close();
              }}
            >
              {t('imports.delete')}
            </button>
            <button type="button" onClick={close}>
              {t('imports.cancel')}
            </button>
          </div>
        </ModalDialog>
      )}
      {dialog === 'owner' && <ChangeOwnerDialog view={view} onClose={close} />}
      {dialog === 'subjobs' && <AddSubJobsDialog view={view} onClose={close} />}
    </>
  );
}
