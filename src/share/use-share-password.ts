import { useCallback } from 'react';
import { usePortal } from '../app/store-context';

/**
 * The visitor's password of a share goes straight to the session vault (tab memory), never into
 * an event or the state; the epic reads it from there (protocol §6.4).
 */
export function useSharePassword(uuid: string): { remember(password: string): void; known(): boolean } {
  const { session } = usePortal();
  const remember = useCallback(
    (password: string) => session?.setSharePassword(uuid, password),
    [session, uuid],
  );
  const known = useCallback(() => Boolean(session?.sharePassword(uuid)), [session, uuid]);
  return { remember, known };
}
