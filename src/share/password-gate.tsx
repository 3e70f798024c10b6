import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { PasswordInput } from '../ui/password-input';
import './messages';

/**
 * The password prompt of a protected share: a compact card in the middle of the page, textbox
 * "Password" and button "Open" (UI-CONTRACT). `wrong`: the last password was refused.
 */
export function PasswordGate({ wrong, onOpen }: { wrong: boolean; onOpen(password: string): void }) {
  const t = useTranslate();
  const [password, setPassword] = useState('');
  const inputId = useId();
  const titleId = useId();

  function open(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    onOpen(password);
    setPassword('');
  }

  return (
    <div className="share-gate">
      <form onSubmit={open} className="card stack share-gate__card" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('sharePage.passwordTitle')}</h1>
        <p className="share-gate__text">{t('sharePage.passwordNeeded')}</p>
        {wrong && (
          <p role="alert" className="share-gate__error">
            {t('sharePage.wrongPassword')}
          </p>
        )}
        <label htmlFor={inputId}>{t('sharePage.password')}</label>
        <PasswordInput
          id={inputId}
          value={password}
          autoComplete="off"
          autoFocus
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="btn-primary">
          {t('sharePage.open')}
        </button>
      </form>
    </div>
  );
}
