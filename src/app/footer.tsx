import { useStoreLocation } from '../hooks/use-store-location';
import { useTranslate } from '../i18n/use-translate';

/**
 * The foot of every page: a discreet link to the devtools (not one of the contract's screens).
 * It belongs to the shell; the devtools themselves load when the link is followed.
 */
export function Footer() {
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
