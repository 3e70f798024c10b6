import { type FormEvent, useEffect, useState } from 'react';
import { loadRequested, patchRequested } from '../../streams/profile/events';
import { selectProfile } from '../../streams/profile/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** The fields of the form, in order; `login` is shown read-only. */
const EDITABLE_PROFILE_FIELDS = ['firstname', 'lastname', 'email'] as const;
type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];
type Draft = Record<EditableProfileField, string>;

const INPUT_TYPES: Record<EditableProfileField, string> = {
  firstname: 'text',
  lastname: 'text',
  email: 'email',
};
const AUTOCOMPLETE: Record<EditableProfileField, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
};

/** My profile's fields, editable; only the changed ones are sent (protocol §4.1). */
export function ProfileForm() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const profile = useAppState(selectProfile);
  const { data, patch } = profile;
  const [draft, setDraft] = useState<Draft | null>(null);
  // "saved" only for a save sent from this form, once the server accepted it
  const [sent, setSent] = useState(false);

  useEffect(() => {
    dispatch(loadRequested({}));
  }, [dispatch]);

  // the form restarts from each profile the server gives (after a load or a save)
  useEffect(() => {
    if (!data) return;
    setDraft(Object.fromEntries(EDITABLE_PROFILE_FIELDS.map((name) => [name, data[name] ?? ''])) as Draft);
  }, [data]);

  if (profile.status === 'error' && profile.error) {
    return (
      <ErrorMessage
        className="form__error"
        lead={t('accountPage.profileLoadFailed')}
        error={profile.error}
        onRetry={() => dispatch(loadRequested({}))}
        retryLabel={t('accountPage.retry')}
      />
    );
  }
  if (!data || !draft) return <p role="status">{t('accountPage.profileLoading')}</p>;

  const changes = Object.fromEntries(
    EDITABLE_PROFILE_FIELDS.filter((name) => draft[name] !== (data[name] ?? '')).map((name) => [
      name,
      draft[name].trim(),
    ]),
  );
  const unchanged = Object.keys(changes).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    setSent(true);
    dispatch(patchRequested({ changes }));
  };

  return (
    <form className="form" onSubmit={submit} aria-label={t('accountPage.profileTitle')}>
      <label className="form__field">
        <span>{t('accountPage.login')}</span>
        <input type="text" readOnly value={data.login ?? ''} />
      </label>
      {EDITABLE_PROFILE_FIELDS.map((name) => (
        <label key={name} className="form__field">
          <span>{t(`accountPage.${name}`)}</span>
          <input
            type={INPUT_TYPES[name]}
            autoComplete={AUTOCOMPLETE[name]}
            value={draft[name]}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        </label>
      ))}
      {patch.status === 'error' && patch.error && (
        <PendingWrite requestId={patch.requestId}>
          <ErrorMessage className="form__error" lead={t('accountPage.saveFailed')} error={patch.error} />
        </PendingWrite>
      )}
      {sent && unchanged && patch.status === 'loaded' && <p role="status">{t('accountPage.saved')}</p>}
      <div className="button-row">
        <button type="submit" className="btn-primary" disabled={patch.status === 'fetching' || unchanged}>
          {t('accountPage.save')}
        </button>
        {patch.status === 'fetching' && <span role="status">{t('accountPage.saving')}</span>}
      </div>
    </form>
  );
}
