import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useSignInHref } from './return-path';

/** A "Sign in" link that comes back to the page on screen once the user is signed in. */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link href={useSignInHref()} className={className}>
      {children}
    </Link>
  );
}
