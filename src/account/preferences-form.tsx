import { config } from '../../streams/core/config';
import { reached } from '../../streams/core/status';
import { setRequested } from '../../streams/preferences/events';
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
  const failure = entries.find((entry) => entry?.status === 'error' && entry.error)?.error;
  const saving = entries.some((entry) => entry?.status === 'fetching');
  const saved = !saving && !failure && entries.some((entry) => entry && reached(entry.status, 'loaded'));

  // the key/values form: exported logs mask any member called `key`, a preference's name stays readable
  const save = (name: string, value: unknown) => dispatch(setRequested({ input: { [name]: value } }));

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
      {refusal && (
        <p role="alert" className="form__error">
          {t('accountPage.preferenceFailed', { message: refusal })}
        </p>
      )}
      {failure && (
        <p role="alert" className="form__error">
          {t('accountPage.preferenceFailed', { message: failure.message })}
        </p>
      )}
      <p role="status">
        {saving ? t('accountPage.preferenceSaving') : saved ? t('accountPage.preferenceSaved') : ''}
      </p>
    </form>
  );
}
