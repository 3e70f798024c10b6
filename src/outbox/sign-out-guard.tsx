import { lazy, type ReactNode, Suspense, useState } from 'react';
import { selectOutboxCount } from '../../streams/outbox/count-selectors';
import { useAppState } from '../hooks/use-app-state';

// the question loads when it is asked: the shell stays small (issue 11)
const SignOutDialog = lazy(() => import('./sign-out-dialog').then((m) => ({ default: m.SignOutDialog })));

/**
 * "Sign out" with writes still waiting asks first: keep them in this browser for the next time
 * this user signs in (another user never sees them), or discard them. `signOut` signs out.
 */
export function SignOutGuard({
  signOut,
  className,
  children,
}: {
  signOut(): void;
  className: string;
  children: ReactNode;
}) {
  const count = useAppState(selectOutboxCount);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => (count > 0 ? setAsking(true) : signOut())}>
        {children}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <SignOutDialog count={count} signOut={signOut} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
