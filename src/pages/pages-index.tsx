import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { listRequested } from '../../streams/pages/events';
import { selectPageIndex } from '../../streams/pages/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';
import { useStatusName } from './page-state';
import './pages.css';

type WithList = Parameters<typeof selectPageIndex>[0];
const selectListStatus = (state: WithList) => state.pages.list.status;
const selectListError = (state: WithList) => state.pages.list.error;

/** The path of a page's screen (its path may hold slashes: each part is escaped). */
const pageHref = (path: string): string => `/pages/${path.split('/').map(encodeURIComponent).join('/')}`;

/** `/pages`: every page (models aside) with its status and version; the live version is the link. */
export function PagesIndex() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const rows = useAppState(selectPageIndex);
  const status = useAppState(selectListStatus);
  const error = useAppState(selectListError);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    dispatch(listRequested({ force: true }));
  }, [dispatch]);

  const statusName = useStatusName();
  return (
    <section className="pages-index">
      <h1>{t('pages.index.title')}</h1>
      {status === 'error' ? (
        <ErrorMessage
          lead={t('pages.index.failed')}
          error={error ?? { code: 'error', message: '' }}
          onRetry={() => dispatch(listRequested({ force: true }))}
          retryLabel={t('pages.retry')}
        />
      ) : rows.length === 0 ? (
        <p role="status">{status === 'loaded' ? t('pages.index.none') : t('pages.index.loading')}</p>
      ) : (
        <table className="pages-index__table">
          <thead>
            <tr>
              <th scope="col">{t('pages.index.name')}</th>
              <th scope="col">{t('pages.index.path')}</th>
              <th scope="col">{t('pages.index.status')}</th>
              <th scope="col">{t('pages.index.version')}</th>
              <th scope="col">{t('pages.index.workCopy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.live ? <Link href={pageHref(row.path)}>{row.name}</Link> : row.name}</th>
                <td>
                  <code>{row.path}</code>
                </td>
                <td>{statusName(row.status)}</td>
                <td>{row.version}</td>
                <td>{row.workCopyId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
