import { type FormEvent, useEffect, useId, useState } from 'react';
import { shareActionRequested } from '../../streams/carts/share-events';
import { selectShareAction } from '../../streams/carts/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** Longest comment the box takes (the demo server refuses longer ones). */
const MAX_COMMENT = 2000;

/**
 * The share's `comment` action as a comment box: its text is posted with the action
 * (`withShare/{uuid}/comment`, `{comment}`); the box says whether it went, and keeps the text
 * when it did not.
 */
export function ShareComment({ uuid, title }: { uuid: string; title: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const outcome = useAppState(selectShareAction, requestId);
  const fieldId = useId();
  const hintId = useId();
  const sending = outcome?.status === 'fetching' || outcome?.status === 'initial';

  // a sent comment leaves the box empty for the next one
  useEffect(() => {
    if (outcome?.status === 'loaded') setText('');
  }, [outcome?.status]);

  function send(event: FormEvent) {
    event.preventDefault();
    const comment = text.trim();
    if (!comment || sending) return;
    const request = dispatch(shareActionRequested({ uuid, action: 'comment', items: null, comment }));
    setRequestId(request?.meta.id ?? null);
  }

  return (
    <form className="card stack share-comment" onSubmit={send}>
      <h2>{title}</h2>
      <label htmlFor={fieldId}>{t('sharePage.commentLabel')}</label>
      <textarea
        id={fieldId}
        aria-describedby={hintId}
        rows={3}
        maxLength={MAX_COMMENT}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="share-comment__hint">
        {t('sharePage.commentHint')}
      </p>
      <div className="toolbar">
        <button type="submit" className="btn-primary" disabled={!text.trim() || sending}>
          {t('sharePage.commentSend')}
        </button>
        <span role="status">
          {sending && t('sharePage.commentSending')}
          {outcome?.status === 'loaded' && t('sharePage.commentSent')}
        </span>
      </div>
      {outcome?.status === 'error' && outcome.error && (
        <ErrorMessage lead={t('sharePage.commentFailed')} error={outcome.error} />
      )}
    </form>
  );
}
