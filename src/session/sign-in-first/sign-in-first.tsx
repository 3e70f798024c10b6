import { type ReactNode, useState } from 'react';
import { selectIsUser } from '../../../streams/session/selectors';
import { selectIdentitySettled } from '../../../streams/session/identity-selectors';
import { useAppState } from '../../hooks/use-app-state';
import { useTranslate } from '../../i18n/use-translate';
import { ModalDialog } from '../../ui/modal-dialog';
import { SignInLink } from '../sign-in-link';
import './messages';

/**
 * A user-only action offered to everyone: a user gets `children` (the real control); a visitor
 * gets a button of the same name (`action`, or `label` when the visible content is an icon) that
 * opens a small dialog "Sign in first" with a "Sign in" link coming back to this page. While the
 * identity is not settled (a stored session being restored) that button is disabled.
 */
export function SignInFirst({
  action,
  label,
  className,
  children,
}: {
  /** the action's name, as the real control names it ("Add to cart") */
  action: string;
  /** what the button shows when it is not `action` (an icon) */
  label?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const isUser = useAppState(selectIsUser);
  const settled = useAppState(selectIdentitySettled);
  const [open, setOpen] = useState(false);
  if (isUser) return <>{children}</>;
  // while a stored session is being restored (a reload) the button waits: it may be a user's in a moment
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        disabled={!settled}
        aria-label={label === undefined ? undefined : action}
        onClick={() => setOpen(true)}
      >
        {label ?? action}
      </button>
      {open && <SignInFirstDialog action={action} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The offer itself, for a screen that opens it from its own control. */
function SignInFirstDialog({ action, onClose }: { action: string; onClose(): void }) {
  const t = useTranslate();
  return (
    <ModalDialog title={t('signInFirst.title')} onClose={onClose} className="sign-in-first">
      <p>{t('signInFirst.text', { action })}</p>
      <div className="toolbar">
        <SignInLink className="btn-primary">{t('signInFirst.signIn')}</SignInLink>
        <button type="button" onClick={onClose}>
          {t('signInFirst.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
