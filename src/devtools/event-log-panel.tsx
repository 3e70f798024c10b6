import { useMemo, useState } from 'react';
import type { Patch } from 'immer';
import type { AnyEvent, EventSource } from '../../streams/core/event';
import type { EventLogFile } from '../../streams/recorder/log-file';
import { diffStates } from '../../streams/recorder/state-diff';
import type { Timeline } from '../../streams/recorder/timeline';
import type { RootState } from '../../streams/root';
import { useTranslate } from '../i18n/use-translate';
import { domainsOf, type EventFilter, filterEvents, NO_FILTER } from './event-filters';
import type { StatePair } from './live-log';
import { VirtualList } from './virtual-list';
import './messages';

const SOURCES: EventSource[] = ['ui', 'server', 'timer', 'storage', 'system'];
const ROW_HEIGHT = 30;
const LIST_HEIGHT = 360;

interface Props {
  log: EventLogFile;
  /** the live session's states around each event (while the devtools are open) */
  statePairs?: Map<number, StatePair>;
  /** an imported log's timeline, which folds the states around any event */
  timeline?: Timeline<RootState>;
}

function clockTime(at: number): string {
  return new Date(at).toISOString().slice(11, 23);
}

/** The events of a log: filters, a virtualised list, and the payload and state diff of one. */
export function EventLogPanel({ log, statePairs, timeline }: Props) {
  const t = useTranslate();
  const [filter, setFilter] = useState<EventFilter>(NO_FILTER);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const events = useMemo(() => filterEvents(log.events, filter), [log.events, filter]);
  const domains = useMemo(() => domainsOf(log.events), [log.events]);
  const selected = log.events.find((event) => event.meta.seq === selectedSeq);

  const patches = (event: AnyEvent): Patch[] | null => {
    if (timeline) {
      const index = log.events.indexOf(event);
      return diffStates(timeline.stateAfter(index), timeline.stateAfter(index + 1));
    }
    const pair = statePairs?.get(event.meta.seq);
    return pair ? diffStates(pair.before, pair.after) : null;
  };

  return (
    <div className="devtools__events">
      <fieldset className="devtools__filters">
        <legend>{t('devtools.filter.legend')}</legend>
        <label>
          {t('devtools.filter.domain')}
          <select
            value={filter.domain}
            onChange={(e) => setFilter({ ...filter, domain: e.currentTarget.value })}
          >
            <option value="">{t('devtools.filter.all')}</option>
            {domains.map((domain) => (
              <option key={domain}>{domain}</option>
            ))}
          </select>
        </label>
        <label>
          {t('devtools.filter.type')}
          <input
            type="search"
            value={filter.type}
            onChange={(e) => setFilter({ ...filter, type: e.currentTarget.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={filter.inputs}
            onChange={(e) => setFilter({ ...filter, inputs: e.currentTarget.checked })}
          />
          {t('devtools.filter.inputs')}
        </label>
        <label>
          {t('devtools.filter.source')}
          <select
            value={filter.source}
            onChange={(e) => setFilter({ ...filter, source: e.currentTarget.value as EventFilter['source'] })}
          >
            <option value="">{t('devtools.filter.all')}</option>
            {SOURCES.map((source) => (
              <option key={source}>{source}</option>
            ))}
          </select>
        </label>
      </fieldset>
      <p role="status" className="devtools__count">
        {t('devtools.events.count', { shown: events.length, total: log.events.length })}
      </p>
      <div className="devtools__columns" aria-hidden="true">
        <span>{t('devtools.events.seq')}</span>
        <span>{t('devtools.events.time')}</span>
        <span>{t('devtools.events.source')}</span>
        <span>{t('devtools.events.type')}</span>
        <span>{t('devtools.events.cause')}</span>
      </div>
      <VirtualList
        items={events}
        rowHeight={ROW_HEIGHT}
        height={LIST_HEIGHT}
        label={t('devtools.events.label')}
        rowKey={(event) => event.meta.seq}
        renderRow={(event) => (
          <button
            type="button"
            className="devtools__row"
            aria-pressed={event.meta.seq === selectedSeq}
            onClick={() => setSelectedSeq(event.meta.seq)}
          >
            <span>{event.meta.seq}</span>
            <span>{clockTime(event.meta.at)}</span>
            <span>{event.meta.source}</span>
            <span className={event.error ? 'devtools__type devtools__type--failure' : 'devtools__type'}>
              {event.type}
            </span>
            <span>{event.meta.cause ?? ''}</span>
          </button>
        )}
      />
      {selected && <EventDetail event={selected} patches={patches(selected)} />}
    </div>
  );
}

function EventDetail({ event, patches }: { event: AnyEvent; patches: Patch[] | null }) {
  const t = useTranslate();
  return (
    <section className="devtools__detail" aria-labelledby="devtools-detail-heading">
      <h2 id="devtools-detail-heading">
        {t('devtools.detail.heading', { seq: event.meta.seq, type: event.type })}
      </h2>
      <h3>{t('devtools.detail.meta')}</h3>
      <pre>{JSON.stringify(event.meta, null, 2)}</pre>
      <h3>{t('devtools.detail.payload')}</h3>
      <pre>{JSON.stringify(event.payload, null, 2)}</pre>
      <h3>{t('devtools.detail.diff')}</h3>
      {patches === null ? (
        <p>{t('devtools.detail.noDiff')}</p>
      ) : patches.length === 0 ? (
        <p>{t('devtools.detail.unchanged')}</p>
      ) : (
        <pre>
          {patches
            .map(
              (patch) =>
                `${patch.op} ${patch.path.join('.')}${'value' in patch ? ` = ${JSON.stringify(patch.value)}` : ''}`,
            )
            .join('\n')}
        </pre>
      )}
    </section>
  );
}
