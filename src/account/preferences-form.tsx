import { config } from '../../streams/core/config';
import { useState } from 'react';
import { reloadRequested, setRequested } from '../../streams/preferences/events';
import {
  GRID_DENSITIES,
  type GridDensity,
  PAGE_SIZES,
  PORTAL_PREFERENCES,
} from '../../streams/preferences/portal-preferences';
import {
  selectGridDensity,
  selectPageSize,
  selectPortalPreference,
  selectPreferenceRefusal,
} from '../../streams/preferences/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** The preferences the portal uses: results per page and grid density, saved as they change. */
export function PreferencesForm() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const pageSize = useAppState(selectPageSize, config.cursorDefaultMax);
  const density = useAppState(selectGridDensity);
  const pageSizeEntry = useAppState(selectPortalPreference, PORTAL_PREFERENCES.pageSize);
  const densityEntry = useAppState(selectPortalPreference, PORTAL_PREFERENCES.gridDensity);
  const refusal = useAppState(selectPreferenceRefusal);
  const entries = [pageSizeEntry, densityEntry];
  // a failed read says so and offers to read again; a failed save or removal says it was not saved
  const failures = (
    [
      [PORTAL_PREFERENCES.pageSize, pageSizeEntry],
      [PORTAL_PREFERENCES.gridDensity, densityEntry],
    ] as const
  ).flatMap(([name, entry]) =>
    entry?.status === 'error' && entry.error
      ? [{ name, error: entry.error, read: entry.failedOn === 'read', requestId: entry.requestId }]
      : [],
  );
  const unread = failures.filter((failure) => failure.read);
  const readFailure = unread[0]?.error;
  const failed = failures.find((entry) => !entry.read);
  const failure = failed?.error;
  const saving = entries.some((entry) => entry?.status === 'fetching');
  // "saved" only after a change made here that the server accepted (a value read is no save)
  const [changed, setChanged] = useState(false);
  const saved = changed && !saving && !failure && entries.some((entry) => entry?.justSaved);

  // the key/values form: exported logs mask any member called `key`, a preference's name stays readable
  const save = (name: string, value: unknown) => {
    setChanged(true);
    dispatch(setRequested({ input: { [name]: value } }));
  };

  return (
    <form
      className="form"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('accountPage.preferencesTitle')}
    >
      <label className="form__field">
        <span>{t('accountPage.pageSize')}</span>
        <select
          value={pageSize}
          onChange={(event) => save(PORTAL_PREFERENCES.pageSize, Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="form__field account-page__choices">
        <legend>{t('accountPage.gridDensity')}</legend>
        {GRID_DENSITIES.map((choice: GridDensity) => (
          <label key={choice}>
            <input
              type="radio"
              name="grid-density"
              value={choice}
              checked={density === choice}
              onChange={() => save(PORTAL_PREFERENCES.gridDensity, choice)}
            />
            {t(`accountPage.density.${choice}`)}
          </label>
        ))}
      </fieldset>
      {readFailure && (
        <ErrorMessage
          role="status"
          className="form__error"
          lead={t('accountPage.preferenceReadFailed')}
          error={readFailure}
          onRetry={() => {
            for (const { name } of unread) dispatch(reloadRequested({ name }));
          }}
        />
      )}
      {refusal && (
        <ErrorMessage
          className="form__error"
          lead={t('accountPage.preferenceFailed')}
          error={{ code: 'error.refused', message: refusal }}
        />
      )}
      {failure && (
        <PendingWrite requestId={failed.requestId}>
          <ErrorMessage className="form__error" lead={t('accountPage.preferenceFailed')} error={failure} />
        </PendingWrite>
      )}
      <p role="status">
        {saving ? t('accountPage.preferenceSaving') : saved ? t('accountPage.preferenceSaved') : ''}
      </p>
    </form>
  );
}
