import { type FormEvent, useState } from 'react';
import { passwordChangeRequested } from '../../streams/session/events';
import { selectPasswordChange } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { PasswordInput } from '../ui/password-input';
import './sign-in/messages';

/**
 * Current password, new password twice (protocol §4.1): used by the forced change after a 403/2
 * and by the account page.
 */
export function ChangePasswordForm({ login }: { login: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const change = useAppState(selectPasswordChange);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<'mismatch' | 'empty' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next) return setProblem('empty');
    if (next !== confirm) return setProblem('mismatch');
    setProblem(null);
    dispatch(passwordChangeRequested({ login, currentPassword: current, newPassword: next }));
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  const field = (label: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <label className="form__field">
      <span>{label}</span>
      <PasswordInput
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </label>
  );

  return (
    <form className="form" onSubmit={submit} aria-label={t('password.title')}>
      {field(t('password.current'), current, setCurrent, 'current-password')}
      {field(t('password.new'), next, setNext, 'new-password')}
      {field(t('password.confirm'), confirm, setConfirm, 'new-password')}
      {problem && (
        <p role="alert" className="form__error">
          {t(problem === 'empty' ? 'password.empty' : 'password.mismatch')}
        </p>
      )}
      {change.status === 'error' && change.error && (
        <ErrorMessage className="form__error" lead={t('password.failed')} error={change.error} />
      )}
      {change.status === 'loaded' && <p role="status">{t('password.changed')}</p>}
      <div className="button-row">
        <button type="submit" className="button btn-primary" disabled={change.status === 'fetching'}>
          {t('password.submit')}
        </button>
        {change.status === 'fetching' && <span role="status">{t('password.busy')}</span>}
      </div>
    </form>
  );
}
