import { useEffect, useId, useState } from 'react';
import { bookmarkRequested } from '../../streams/saved-searches/events';
import {
  selectBookmarkOf,
  selectBookmarkOutcome,
  selectSavedSearchesNotice,
} from '../../streams/saved-searches/selectors';
import { NOT_BOOKMARKABLE, NOT_CONNECTED } from '../../streams/saved-searches/messages';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import { SignInFirst } from '../session/sign-in-first/sign-in-first';
import './messages';

/**
 * "Bookmark this search": saves the current search under a name (protocol §17). A visitor gets the
 * same button, which offers to sign in first (src/session/sign-in-first).
 */
export function BookmarkButton() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const nameId = useId();
  const bookmark = useAppState(selectBookmarkOf, SEARCH_CURSOR);
  const notice = useAppState(selectSavedSearchesNotice);
  const [open, setOpen] = useState(false);
  // the id of this dialog's save request: the dialog follows that request, not whether the
  // search is bookmarked (it may have been already, issue 12 item 8)
  const [pending, setPending] = useState<string | null>(null);
  const outcome = useAppState(selectBookmarkOutcome, pending);
  const [name, setName] = useState('');
  const saving = pending !== null && (outcome === null || outcome.status === 'fetching');

  // the dialog closes once this save is answered; a refusal or a failure stays on show in it
  useEffect(() => {
    if (pending === null || !outcome) return;
    if (outcome.status === 'loaded') {
      setPending(null);
      setOpen(false);
    } else if (outcome.status === 'error') setPending(null);
  }, [pending, outcome]);

  const refusal = notice && (notice.operation === 'bookmark' || notice.operation === 'add') ? notice : null;
  return (
    <div className="bookmark">
      {bookmark && (
        <span role="status" className="badge badge-info bookmark__saved">
          {t('search.bookmarked', { name: bookmark.name })}
        </span>
      )}
      {/* a visitor is offered to sign in first, and comes back to this search */}
      <SignInFirst action={t('search.bookmark')} className="btn-ghost">
        <button type="button" className="btn-ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {t('search.bookmark')}
        </button>
      </SignInFirst>
      {open && (
        <ModalDialog title={t('search.bookmark')} onClose={() => setOpen(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const request = dispatch(bookmarkRequested({ name: name.trim(), cursorName: SEARCH_CURSOR }));
              setPending(request?.meta.id ?? null);
            }}
          >
            <label htmlFor={nameId}>{t('search.bookmarkName')}</label>
            <input
              id={nameId}
              type="text"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            {refusal && !saving && (
              <ErrorMessage
                className="form__error"
                lead={t(
                  refusal.message === NOT_CONNECTED
                    ? 'search.bookmarkNotConnected'
                    : refusal.message === NOT_BOOKMARKABLE
                      ? 'search.bookmarkNothing'
                      : 'search.bookmarkFailed',
                )}
                error={refusal.error ?? { code: 'error.refused', message: refusal.message }}
              />
            )}
            <div className="button-row">
              <button type="submit" className="btn-primary" disabled={saving || name.trim() === ''}>
                {t('search.bookmarkSave')}
              </button>
              <button type="button" onClick={() => setOpen(false)}>
                {t('search.bookmarkCancel')}
              </button>
            </div>
          </form>
        </ModalDialog>
      )}
    </div>
  );
}
