import { useEffect, useId, useState } from 'react';
import { navigated } from '../../streams/router/events';
import {
  collaboratorsAddRequested,
  deleteRequested,
  filterChanged,
  listRequested,
  privateSwitchRequested,
  renameRequested,
  revokeRequested,
  unsubscribeRequested,
} from '../../streams/saved-searches/events';
import {
  selectSavedSearches,
  selectSavedSearchesFilter,
  selectSavedSearchesLoaded,
  selectSavedSearchesNotice,
  selectSavedSearchesStatus,
  type ShownSavedSearch,
} from '../../streams/saved-searches/selectors';
import { formatSearch, paramsOfSaved, SEARCH_ROUTE } from '../../streams/search/url';
import { selectEffectiveLocale, selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';
import './saved-searches.css';
import { formatDate } from '../i18n/format';
import { EmptyState } from '../ui/empty-state';
import { LoadingState } from '../ui/loading-state';
import { SignInLink } from '../session/sign-in-link';

/** Where a saved search opens: the search screen with its address (so it can be shared too). */
function savedSearchTarget(search: ShownSavedSearch): { path: string; search: string } {
  return { path: SEARCH_ROUTE, search: formatSearch(paramsOfSaved(search.data)) };
}

function ShareDialog({ search, onClose }: { search: ShownSavedSearch; onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const fieldId = useId();
  const [text, setText] = useState('');
  const others = search.subscriberIds.filter((id) => id !== search.ownerId);
  const target = savedSearchTarget(search);
  return (
    <ModalDialog title={t('savedSearches.shareTitle', { name: search.name })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const collaborators = text
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean);
          if (collaborators.length === 0) return;
          const url = `${window.location.origin}${target.path}${target.search}`;
          dispatch(collaboratorsAddRequested({ id: search.id, collaborators, url }));
          onClose();
        }}
      >
        <label htmlFor={fieldId}>{t('savedSearches.collaborators')}</label>
        <input id={fieldId} type="text" value={text} onChange={(event) => setText(event.target.value)} />
        <p>{t('savedSearches.collaboratorsHelp')}</p>
        <p>{t('savedSearches.subscribers', { count: others.length })}</p>
        <div className="button-row">
          <button type="submit">{t('savedSearches.share')}</button>
          {others.length > 0 && (
            <button
              type="button"
              onClick={() => {
                dispatch(revokeRequested({ id: search.id, userIds: others }));
                onClose();
              }}
            >
              {t('savedSearches.revoke')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('savedSearches.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function SavedSearchItem({ search }: { search: ShownSavedSearch }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [name, setName] = useState(search.name);
  const busy = search.status === 'fetching';
  return (
    <li className="card saved-search" aria-label={search.name} aria-busy={busy}>
      <div className="saved-search__text">
        <div className="saved-search__title">
          <strong>{search.name}</strong>
          <span className="badge">
            {t(search.isMine ? 'savedSearches.mine' : 'savedSearches.sharedWithMe')}
          </span>
          {search.isPrivatelyShared && (
            <span className="badge badge-info">{t('savedSearches.privatelyShared')}</span>
          )}
        </div>
        {search.description && <p className="saved-search__description">{search.description}</p>}
        {search.created !== null && (
          <p className="saved-search__date">
            {t('savedSearches.created', { date: formatDate(locale, search.created) })}
          </p>
        )}
      </div>
      {renaming ? (
        <form
          className="toolbar saved-search__actions"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) dispatch(renameRequested({ id: search.id, name: name.trim() }));
            setRenaming(false);
          }}
        >
          <input
            type="text"
            aria-label={t('savedSearches.newName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn-primary">
            {t('savedSearches.save')}
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            {t('savedSearches.cancel')}
          </button>
        </form>
      ) : (
        <div className="toolbar saved-search__actions">
          <button
            type="button"
            className="btn-primary"
            aria-label={t('savedSearches.openNamed', { name: search.name })}
            onClick={() => dispatch(navigated({ ...savedSearchTarget(search), via: 'link' }))}
          >
            {t('savedSearches.open')}
          </button>
          {search.isMine ? (
            <>
              <button
                type="button"
                disabled={busy}
                aria-label={t('savedSearches.renameNamed', { name: search.name })}
                onClick={() => {
                  setName(search.name);
                  setRenaming(true);
                }}
              >
                {t('savedSearches.rename')}
              </button>
              <button
                type="button"
                disabled={busy}
                aria-label={t('savedSearches.shareNamed', { name: search.name })}
                onClick={() => setSharing(true)}
              >
                {t('savedSearches.share')}
              </button>
              <label className="saved-search__private">
                <input
                  type="checkbox"
                  disabled={busy}
                  aria-label={t('savedSearches.switchPrivateNamed', { name: search.name })}
                  checked={search.isPrivate ?? !search.isPrivatelyShared}
                  onChange={(event) =>
                    dispatch(privateSwitchRequested({ id: search.id, isPrivate: event.target.checked }))
                  }
                />{' '}
                {t('savedSearches.switchPrivate')}
              </label>
              <button
                type="button"
                disabled={busy}
                aria-label={t('savedSearches.deleteNamed', { name: search.name })}
                onClick={() => dispatch(deleteRequested({ id: search.id }))}
              >
                {t('savedSearches.delete')}
              </button>
            </>
          ) : (
            <button
              type="button"
              disabled={busy}
              aria-label={t('savedSearches.unsubscribeNamed', { name: search.name })}
              onClick={() => dispatch(unsubscribeRequested({ id: search.id }))}
            >
              {t('savedSearches.unsubscribe')}
            </button>
          )}
        </div>
      )}
      {sharing && <ShareDialog search={search} onClose={() => setSharing(false)} />}
    </li>
  );
}

/** `/saved-searches`: the user's saved searches and those shared with them (protocol §17). */
export function SavedSearchesPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const searches = useAppState(selectSavedSearches);
  const loaded = useAppState(selectSavedSearchesLoaded);
  const status = useAppState(selectSavedSearchesStatus);
  const notice = useAppState(selectSavedSearchesNotice);
  const filter = useAppState(selectSavedSearchesFilter);

  useEffect(() => {
    if (isUser) dispatch(listRequested({}));
  }, [dispatch, isUser]);

  if (!isUser) {
    return (
      <section className="panel">
        <h1>{t('savedSearches.title')}</h1>
        <p>
          {t('savedSearches.visitor')} <SignInLink>{t('savedSearches.signInLink')}</SignInLink>
        </p>
      </section>
    );
  }
  return (
    <section className="saved-searches-page">
      <h1>{t('savedSearches.title')}</h1>
      <input
        type="search"
        className="saved-searches-page__filter"
        aria-label={t('savedSearches.filter')}
        placeholder={t('savedSearches.filter')}
        value={filter}
        onChange={(event) => dispatch(filterChanged({ text: event.target.value }))}
      />
      {notice && (
        <PendingWrite requestId={notice.requestId}>
          <ErrorMessage
            className="form__error"
            lead={t(`savedSearches.failed.${notice.operation}`)}
            // a refusal has no request error: the spec's words are its detail
            error={notice.error ?? { code: 'error.refused', message: notice.message }}
            {...(notice.operation === 'list' && {
              onRetry: () => dispatch(listRequested({})),
              retryLabel: t('savedSearches.retry'),
            })}
          />
        </PendingWrite>
      )}
      {!loaded && status === 'fetching' && <LoadingState label={t('savedSearches.loading')} />}
      {loaded && searches.length === 0 && <EmptyState title={t('savedSearches.empty')} />}
      <ul className="saved-searches-page__list" aria-label={t('savedSearches.title')}>
        {searches.map((search) => (
          <SavedSearchItem key={search.id} search={search} />
        ))}
      </ul>
    </section>
  );
}
