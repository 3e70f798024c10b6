import { resetRequested } from '../../streams/app/events';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The app-not-available message of seed 002 §2 with its reset button. */
export function AppUnavailable({
  reason,
  message,
}: {
  reason: 'unavailable' | 'invalid';
  message: string | null;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const text = message ?? (reason === 'invalid' ? t('unavailable.invalid') : t('unavailable.default'));
  return (
    <section className="panel panel--centered" aria-labelledby="unavailable-heading">
      <h1 id="unavailable-heading">{t('unavailable.title')}</h1>
      <p role="alert">{text}</p>
      <button type="button" className="button btn-primary" onClick={() => dispatch(resetRequested({}))}>
        {t('unavailable.reset')}
      </button>
    </section>
  );
}
