import { useStoreLocation } from '../hooks/use-store-location';
import './devtools.css';
import { useTranslate } from '../i18n/use-translate';

/** A discreet way to the devtools, at the foot of every page (not one of the contract's screens). */
export function DevtoolsLink() {
  const t = useTranslate();
  const [, navigate] = useStoreLocation();
  return (
    <footer className="footer">
      <a
        href="/devtools"
        className="footer__link"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          navigate('/devtools');
        }}
      >
        {t('devtools.link')}
      </a>
    </footer>
  );
}
