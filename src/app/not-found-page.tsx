import { Link } from 'wouter';
import { selectAppInfo } from '../../streams/app/selectors';
import { selectLocation } from '../../streams/router/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { useDocumentTitle } from './document-title';
import './messages';

export function NotFoundPage() {
  const t = useTranslate();
  const { path } = useAppState(selectLocation);
  const background = useAppState(selectAppInfo).data.appBG404Error;
  useDocumentTitle(t('notFound.title'));
  return (
    <section
      className="hero hero--compact"
      style={background ? { backgroundImage: `url("${background}")` } : undefined}
    >
      <div className="hero__content">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text', { path })}</p>
        <Link href="/" className="btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
