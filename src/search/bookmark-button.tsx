import { useEffect, useId, useState } from 'react';
import { bookmarkRequested } from '../../streams/saved-searches/events';
import { selectBookmarkOf, selectSavedSearchesNotice } from '../../streams/saved-searches/selectors';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';

/** "Bookmark this search": saves the current search under a name (protocol §17). */
export function BookmarkButton() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const nameId = useId();
  const bookmark = useAppState(selectBookmarkOf, SEARCH_CURSOR);
  const notice = useAppState(selectSavedSearchesNotice);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');

  // the dialog closes once the search is saved; a refusal or a failure stays on show in it
  useEffect(() => {
    if (saving && bookmark) {
      setSaving(false);
      setOpen(false);
    }
    if (saving && notice) setSaving(false);
  }, [saving, bookmark, notice]);

  const refusal = notice && (notice.operation === 'bookmark' || notice.operation === 'add') ? notice : null;
  return (
    <div className="bookmark">
      {bookmark && <span role="status">{t('search.bookmarked', { name: bookmark.name })}</span>}
      <button type="button" onClick={() => setOpen(true)}>
        {t('search.bookmark')}
      </button>
      {open && (
        <ModalDialog title={t('search.bookmark')} onClose={() => setOpen(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setSaving(true);
              dispatch(bookmarkRequested({ name: name.trim(), cursorName: SEARCH_CURSOR }));
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
              <p role="alert" className="form__error">
                {refusal.detail ? `${refusal.message}: ${refusal.detail}` : refusal.message}
              </p>
            )}
            <div className="button-row">
              <button type="submit" disabled={saving || name.trim() === ''}>
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
