import { selectEpicHealth } from '../../streams/system/epic-health-selectors';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** Every epic by its registered name (`<domain>/<epic>`), with its crashes: what `system/epicCrashed` names. */
export function EpicsPanel() {
  const t = useTranslate();
  const { crashes, stopped } = useAppState(selectEpicHealth);
  const names = usePortal().domains.epicNames().sort();
  const crashCount = (name: string) => crashes.filter((crash) => crash.epic === name).length;
  return (
    <details className="devtools__epics">
      <summary>{t('devtools.epics.summary', { count: names.length, stopped: stopped.length })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('devtools.epics.name')}</th>
            <th scope="col">{t('devtools.epics.state')}</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>
                {stopped.includes(name)
                  ? t('devtools.epics.stopped')
                  : crashCount(name) > 0
                    ? t('devtools.epics.restarted', { count: crashCount(name) })
                    : t('devtools.epics.running')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
