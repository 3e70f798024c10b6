import { useState } from 'react';
import { importLog } from '../../streams/recorder/log-file';
import { type ResimulationResult, resimulate } from '../../streams/recorder/resimulate';
import { initialRootState } from '../../streams/root';
import { usePortal } from '../app/store-context';
import { useTranslate } from '../i18n/use-translate';
import { type ImportedLog, setImported, startTravel } from './travel';
import './messages';

async function readImport(file: File): Promise<ImportedLog> {
  return { ...importLog(await file.text()), fileName: file.name };
}

/** Import a log (file input or drop), its verdict, then time travel or re-simulation. */
export function ImportPanel({ imported }: { imported: ImportedLog | null }) {
  const t = useTranslate();
  const { store, domains } = usePortal();
  const [dragging, setDragging] = useState(false);
  const [resimulation, setResimulation] = useState<ResimulationResult | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setResimulation(null);
    setImported(await readImport(file));
  };

  return (
    <section className="devtools__import" aria-labelledby="devtools-import-heading">
      <h2 id="devtools-import-heading">{t('devtools.import.heading')}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file input inside serves keyboards */}
      <div
        className={dragging ? 'devtools__drop devtools__drop--over' : 'devtools__drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void choose(event.dataTransfer.files[0]);
        }}
      >
        <label>
          {t('devtools.import.file')}
          <input
            type="file"
            accept=".json,application/json"
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
        </label>
        <p>{t('devtools.import.drop')}</p>
      </div>
      {imported && (
        <div role="status" className="devtools__verdict">
          <p>
            {t('devtools.import.verdict', { file: imported.fileName })}{' '}
            <strong className={`verdict verdict--${imported.verdict.toLowerCase()}`}>
              {imported.verdict}
            </strong>
          </p>
          {imported.reasons.length > 0 && (
            <ul aria-label={t('devtools.import.reasons')}>
              {imported.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          {imported.verdict !== 'Impossible' && imported.log.note && (
            <p>{t('devtools.import.note', { note: imported.log.note })}</p>
          )}
        </div>
      )}
      {imported && imported.verdict !== 'Impossible' && (
        <div className="button-row">
          <button
            type="button"
            className="button btn-primary"
            onClick={() => startTravel(store, domains.reducer, imported.log)}
          >
            {imported.verdict === 'Fine' ? t('devtools.import.travel') : t('devtools.import.travelAnyway')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() =>
              setResimulation(
                resimulate(imported.log, {
                  reducer: domains.reducer,
                  rootEpic: domains.epic,
                  initialState: initialRootState,
                }),
              )
            }
          >
            {t('devtools.resimulate.button')}
          </button>
        </div>
      )}
      {imported && imported.verdict !== 'Impossible' && resimulation && (
        <ResimulationReport result={resimulation} start={imported.log.events[0]?.meta.at ?? 0} />
      )}
    </section>
  );
}

function ResimulationReport({ result, start }: { result: ResimulationResult; start: number }) {
  const t = useTranslate();
  const { divergence } = result;
  return (
    <section className="devtools__resimulation" aria-labelledby="devtools-resimulation-heading">
      <h3 id="devtools-resimulation-heading">{t('devtools.resimulate.heading')}</h3>
      <p role="status">
        {result.refused
          ? t(`devtools.resimulate.refused.${result.refused}`)
          : divergence
            ? t('devtools.resimulate.diverged', { index: divergence.index, kind: divergence.kind })
            : t('devtools.resimulate.same', { matched: result.matched })}
      </p>
      {divergence && (
        <dl>
          {(['expected', 'actual'] as const).map((side) => {
            const event = divergence[side];
            return [
              <dt key={`${side}-label`}>{t(`devtools.resimulate.${side}`)}</dt>,
              <dd key={side}>
                {event ? (
                  <>
                    <code>{event.type}</code> +{event.at - start} ms
                    <pre>{JSON.stringify(event.payload, null, 2)}</pre>
                  </>
                ) : (
                  t('devtools.resimulate.nothing')
                )}
              </dd>,
            ];
          })}
        </dl>
      )}
      {divergence?.about && <p>{t('devtools.resimulate.about', { about: divergence.about })}</p>}
      {result.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </section>
  );
}
