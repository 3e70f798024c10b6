import { splitNoticeDismissed } from '../../streams/downloads/events';
import { selectSplitNotices } from '../../streams/downloads/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { formatSize } from '../i18n/format';
import './messages';

/** Tells the user a download was split, and lists every item left out (never silently, seed 000 §9). */
export function SplitNotices({ origins }: { origins?: readonly string[] }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const notices = useAppState(selectSplitNotices);
  const shown = Object.entries(notices).filter(([origin]) => !origins || origins.includes(origin));
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map(([origin, notice]) => (
        <section key={origin} className="notice split-notice" role="status">
          <p>{t('downloads.split.title', { name: notice.downloadName, total: notice.total })}</p>
          {notice.skipped.length > 0 && (
            <>
              <p>{t('downloads.split.skipped')}</p>
              <ul>
                {notice.skipped.map((item) => (
                  <li key={`${item.resource}/${item.id}`}>
                    {t('downloads.split.item', {
                      resource: item.resource,
                      id: item.id,
                      size: formatSize(item.size, locale),
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className="button"
            onClick={() => dispatch(splitNoticeDismissed({ downloadId: origin }))}
          >
            {t('downloads.split.dismiss')}
          </button>
        </section>
      ))}
    </>
  );
}
