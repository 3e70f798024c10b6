import { useTranslate } from '../i18n/use-translate';
import './messages';

/** A page's workflow status in words: Draft (2), Published (6), else its number. */
export function useStatusName(): (id: number) => string {
  const t = useTranslate();
  return (id) =>
    id === 2 ? t('pages.status.2') : id === 6 ? t('pages.status.6') : t('pages.status.other', { id });
}

/** "Draft · version 2": the status and version of the page the editor shows. */
export function PageState({ status, version }: { status: number; version: number }) {
  const t = useTranslate();
  const statusName = useStatusName();
  return <p className="cms-page__state">{t('pages.pageState', { status: statusName(status), version })}</p>;
}
