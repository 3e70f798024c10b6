import { useCurrentValue } from '../hooks/use-current-value';
import { usePortal } from '../app/store-context';
import { useTranslate } from '../i18n/use-translate';
import './devtools.css';
import { EpicsPanel } from './epics-panel';
import { EventLogPanel } from './event-log-panel';
import { ImportPanel } from './import-panel';
import { useLiveLog, useStatePairs } from './live-log';
import { devtoolsSession$ } from './travel';
import './messages';

/** `/devtools`: the session's events live, export, import, time travel and re-simulation. */
export default function DevtoolsPage() {
  const t = useTranslate();
  const { store, recorder, exportEventLog } = usePortal();
  const liveLog = useLiveLog(store, recorder);
  const statePairs = useStatePairs(store);
  const { imported, travel } = useCurrentValue(devtoolsSession$);
  return (
    <section className="devtools" aria-labelledby="devtools-heading">
      <h1 id="devtools-heading">{t('devtools.heading')}</h1>
      <div className="button-row">
        <button type="button" className="button btn-primary" onClick={() => void exportEventLog()}>
          {t('devtools.export')}
        </button>
      </div>
      <EpicsPanel />
      <ImportPanel imported={imported} />
      {travel ? (
        <section aria-labelledby="devtools-replayed-heading">
          <h2 id="devtools-replayed-heading">{t('devtools.events.replayed')}</h2>
          <EventLogPanel log={travel.log} timeline={travel.timeline} />
        </section>
      ) : (
        liveLog && (
          <section aria-labelledby="devtools-live-heading">
            <h2 id="devtools-live-heading">{t('devtools.events.live')}</h2>
            <EventLogPanel log={liveLog} statePairs={statePairs} />
          </section>
        )
      )}
    </section>
  );
}
