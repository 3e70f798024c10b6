import { type FormEvent, useId, useState } from 'react';
import { jobOwnerChangeRequested, subJobsAddRequested } from '../../streams/imports/events';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import { useListedJobs } from './listed-jobs';
import { ListedJobsFailure } from './listed-jobs-failure';
import { type JobView, ownerCandidates } from './model';
import './messages';
import { wireId } from '../../streams/core/wire-id';

/** "Change owner": the owners the job list names (the protocol has no user search); the current one first chosen. */
export function ChangeOwnerDialog({ view, onClose }: { view: JobView; onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const candidates = ownerCandidates([view, ...useListedJobs()]);
  const [chosen, setChosen] = useState(view.ownerId ?? '');
  const selectId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || chosen === view.ownerId) return;
    dispatch(jobOwnerChangeRequested({ jobId: view.id, ownerId: wireId(chosen) }));
    onClose();
  };
  return (
    <ModalDialog title={t('imports.changeOwner')} onClose={onClose}>
      <form onSubmit={submit}>
        <label htmlFor={selectId}>{t('imports.newOwner')}</label>
        <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {candidates.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        <ListedJobsFailure />
        <SubmitOrCancel
          submit={t('imports.save')}
          cancel={t('imports.cancel')}
          onCancel={onClose}
          disabled={!chosen || chosen === view.ownerId}
          className="imports-form__actions"
        />
      </form>
    </ModalDialog>
  );
}

/** "Add sub-imports": the other jobs of the list that are not sub-imports yet, added in append-new mode. */
export function AddSubJobsDialog({ view, onClose }: { view: JobView; onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const choices = useListedJobs().filter((job) => job.id !== view.id && !view.subJobIds.includes(job.id));
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const subJobIds = choices.map((job) => job.id).filter((id) => picked.has(id));
    if (subJobIds.length === 0) return;
    dispatch(subJobsAddRequested({ jobId: view.id, subJobIds }));
    onClose();
  };
  return (
    <ModalDialog title={t('imports.addSubJobs')} onClose={onClose}>
      <form onSubmit={submit}>
        {choices.length === 0 && <p>{t('imports.addSubJobsNone')}</p>}
        <ul className="imports-subjobs">
          {choices.map((job) => (
            <li key={job.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.has(job.id)}
                  onChange={(event) => {
                    const next = new Set(picked);
                    if (event.target.checked) next.add(job.id);
                    else next.delete(job.id);
                    setPicked(next);
                  }}
                />{' '}
                {job.name}
              </label>
            </li>
          ))}
        </ul>
        <ListedJobsFailure />
        <SubmitOrCancel
          submit={t('imports.add')}
          cancel={t('imports.cancel')}
          onCancel={onClose}
          disabled={picked.size === 0}
          className="imports-form__actions"
        />
      </form>
    </ModalDialog>
  );
}
