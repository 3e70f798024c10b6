import { useCurrentValue } from '../hooks/use-current-value';
import { usePortal } from '../app/store-context';
import { useTranslate } from '../i18n/use-translate';
import './devtools.css';
import { devtoolsSession$, jumpTo, stopTravel } from './travel';
import './messages';

/** The timeline over a replayed log, shown over whatever screen the replayed state is on. */
export default function TimeTravelBar() {
  const t = useTranslate();
  const { store } = usePortal();
  const { travel } = useCurrentValue(devtoolsSession$);
  if (!travel) return null;
  const { log, position } = travel;
  const last = log.events[position - 1];
  const seq = last?.meta.seq ?? log.snapshot?.seq ?? 0;
  const where = last ? t('devtools.travel.at', { seq, type: last.type }) : t('devtools.travel.base');
  return (
    <section className="time-travel" aria-label={t('devtools.travel.label')}>
      <p className="time-travel__notice">{t('devtools.travel.readOnly')}</p>
      <button
        type="button"
        className="button"
        disabled={position === 0}
        onClick={() => jumpTo(store, travel, position - 1)}
      >
        {t('devtools.travel.previous')}
      </button>
      <input
        type="range"
        className="time-travel__slider"
        aria-label={t('devtools.travel.timeline')}
        aria-valuetext={where}
        min={0}
        max={log.events.length}
        value={position}
        onChange={(event) => jumpTo(store, travel, Number(event.currentTarget.value))}
      />
      <button
        type="button"
        className="button"
        disabled={position === log.events.length}
        onClick={() => jumpTo(store, travel, position + 1)}
      >
        {t('devtools.travel.next')}
      </button>
      <output className="time-travel__where">{where}</output>
      <button type="button" className="button btn-primary" onClick={() => stopTravel(store)}>
        {t('devtools.travel.stop')}
      </button>
    </section>
  );
}
