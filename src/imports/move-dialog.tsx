import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import { useListedJobs } from './listed-jobs';
import { ListedJobsFailure } from './listed-jobs-failure';
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
  const [target, setTarget] = useState('');
  const selectId = useId();
  const choices = useListedJobs().filter((job) => job.id !== jobId);
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
        <ListedJobsFailure />
        <SubmitOrCancel
          submit={t('imports.moveConfirm')}
          cancel={t('imports.cancel')}
          onCancel={onClose}
          disabled={!chosen}
          className="imports-form__actions"
        />
      </form>
    </ModalDialog>
  );
}
