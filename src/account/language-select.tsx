import { localeChangeRequested } from '../../streams/profile/events';
import { selectLocaleChange } from '../../streams/profile/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { SUPPORTED_LOCALES } from '../i18n/translate';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** Each language is named in itself, so that anyone can find their own. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français' };

/** A language added as one file (src/i18n/languages/<code>.ts) is named by Intl in itself ("Deutsch"). */
function languageName(code: string): string {
  if (LANGUAGE_NAMES[code]) return LANGUAGE_NAMES[code];
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** The whole UI follows the choice at once; a user's is saved in the profile (`bolang`). */
export function LanguageSelect() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const change = useAppState(selectLocaleChange);
  const language = locale.split(/[-_]/)[0]!.toLowerCase();

  return (
    <div className="form">
      <label className="form__field">
        <span>{t('accountPage.language')}</span>
        <select
          value={SUPPORTED_LOCALES.includes(language) ? language : 'en'}
          onChange={(event) => dispatch(localeChangeRequested({ locale: event.target.value }))}
        >
          {SUPPORTED_LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
      </label>
      {change.status === 'fetching' && <p role="status">{t('accountPage.languageBusy')}</p>}
      {change.status === 'error' && change.error && (
        <PendingWrite requestId={change.requestId}>
          <ErrorMessage className="form__error" lead={t('accountPage.languageFailed')} error={change.error} />
        </PendingWrite>
      )}
    </div>
  );
}
