import { memo } from 'react';
import { actionCanceled, batchCanceled } from '../../../streams/batches/events';
import { actionProgress, type BatchAction, selectBatch } from '../../../streams/batches/selectors';
import { useAppState } from '../../hooks/use-app-state';
import { useDispatch } from '../../hooks/use-dispatch';
import { useTranslate } from '../../i18n/use-translate';
import './messages';

type Translate = ReturnType<typeof useTranslate>;

function actionLine(t: Translate, action: BatchAction, id: string): string {
  switch (action.status) {
    case 'error':
      return t('selection.itemFailed', { id, message: action.error ?? '' });
    case 'canceled':
      return t('selection.itemCanceled', { id });
    case 'done':
      return t('selection.itemDone', { id });
    case 'processing':
      return t('selection.itemRunning', { id });
    default:
      return t('selection.itemWaiting', { id });
  }
}

/**
 * One action of the batch: what became of it, its own progress (capped until done), and its
 * Cancel while it waits. Memoised: the reducer replaces only the action that changed, so a long
 * batch re-renders one row per event.
 */
const ActionRow = memo(function ActionRow({
  batchId,
  index,
  action,
  id,
  cap,
}: {
  batchId: string;
  index: number;
  action: BatchAction;
  id: string;
  cap: number;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const progress = actionProgress(action, cap);
  return (
    <li className={`batch-progress__action batch-progress__action--${action.status}`}>
      <span>{actionLine(t, action, id)}</span>
      <span
        role="progressbar"
        aria-label={t('selection.itemProgress', { id })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="batch-progress__bar batch-progress__bar--small"
      >
        <span style={{ width: `${progress}%` }} />
      </span>
      {action.total !== undefined && (
        <span className="batch-progress__bytes">
          {t('selection.loadedOfTotal', { loaded: action.loaded ?? 0, total: action.total })}
        </span>
      )}
      {action.status === 'scheduled' && (
        <button type="button" onClick={() => dispatch(actionCanceled({ batchId, index }))}>
          {t('selection.cancelItem', { id })}
        </button>
      )}
    </li>
  );
});

/**
 * A running batch of actions (protocol §16): its progress, capped at the batch's cap (95) until
 * every action is over and said so, how many are over of how many (loaded/total), Cancel for the
 * actions not started yet, and each action with its own progress and Cancel. `names` name the
 * actions in order; `onDone` is the "Done" button.
 */
export function BatchProgress({
  batchId,
  names,
  onDone,
}: {
  batchId: string;
  names: readonly string[];
  onDone(): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const batch = useAppState(selectBatch, batchId);
  const finished = batch?.status === 'done' || batch?.status === 'error';
  const progress = batch?.progress ?? 0;
  const actions = batch?.actions ?? [];
  const cap = batch?.progressCap ?? 100;
  const over = batch?.finished ?? 0;
  const succeeded = actions.filter((action) => action.status === 'done').length;
  const waiting = actions.some((action) => action.status === 'scheduled');
  return (
    <div className="selection-edit__progress batch-progress">
      <div
        role="progressbar"
        aria-label={t('selection.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="selection-edit__bar batch-progress__bar"
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <p className="batch-progress__count">{t('selection.count', { over, count: actions.length })}</p>
      <p role="status">
        {finished
          ? t('selection.finished', { done: succeeded, count: names.length })
          : t('selection.running')}
      </p>
      {!finished && cap < 100 && progress >= cap && (
        <p className="batch-progress__cap">{t('selection.atCap', { cap })}</p>
      )}
      {batch?.status === 'error' && actions.length === 0 && <p role="alert">{t('selection.failed')}</p>}
      {actions.length > 0 && (
        <ol className="batch-progress__actions" aria-label={t('selection.actions')}>
          {actions.map((action, index) => {
            const id = names[index] ?? String(index + 1);
            return <ActionRow key={id} batchId={batchId} index={index} action={action} id={id} cap={cap} />;
          })}
        </ol>
      )}
      <div className="modal-dialog__actions">
        {!finished && waiting && (
          <button type="button" onClick={() => dispatch(batchCanceled({ id: batchId }))}>
            {t('selection.cancel')}
          </button>
        )}
        {finished && (
          <button type="button" className="button btn-primary" onClick={onDone}>
            {t('selection.done')}
          </button>
        )}
      </div>
    </div>
  );
}
