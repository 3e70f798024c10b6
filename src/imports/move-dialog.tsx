import { type FormEvent, useEffect, useId, useState } from 'react';
import { listFetchRequested, listRegistered } from '../../streams/imports/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { jobView } from './model';
import { LIST_NAME, readJobs, readList } from './select';
import './messages';

/** "Move to another import": the user's other jobs; the selected items go there (3 at a time). */
export function MoveDialog({
  jobId,
  onMove,
  onClose,
}: {
  jobId: string;
  onMove(targetJobId: string): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const list = useAppState(readList, LIST_NAME);
  const jobs = useAppState(readJobs);
  const [target, setTarget] = useState('');
  const selectId = useId();
  useEffect(() => {
    dispatch(listRegistered({ name: LIST_NAME }));
    dispatch(listFetchRequested({ name: LIST_NAME }));
  }, [dispatch]);
  const choices = (list?.jobIds ?? [])
    .filter((id) => id !== jobId && jobs[id]?.data && !jobs[id]?.deleted)
    .map((id) => jobView(jobs[id]?.data as Record<string, unknown>));
  const chosen = target || choices[0]?.id || '';
  return (
    <ModalDialog title={t('imports.move')} onClose={onClose}>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (chosen) onMove(chosen);
        }}
      >
        <label htmlFor={selectId}>{t('imports.moveTo')}</label>
        <select id={selectId} value={chosen} onChange={(event) => setTarget(event.target.value)}>
          {choices.map((job) => (
            <option key={job.id} value={job.id}>
              {job.name}
            </option>
          ))}
        </select>
        <div className="imports-form__actions">
          <button type="submit" disabled={!chosen}>
            {t('imports.moveConfirm')}
          </button>
          <button type="button" onClick={onClose}>
            {t('imports.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
