import { useCallback } from 'react';
import { usePortal } from '../app/store-context';

/** Where the tab keeps a share's password across reloads: sessionStorage, this tab only. */
const storageKey = (uuid: string) => `dam-portal.share-password.${uuid}`;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // storage refused (privacy settings): the password then lives in tab memory only
    return null;
  }
}

/**
 * The visitor's password of a share goes to the session vault (read by the epics), never into
 * an event or the state (protocol §6.4). It is also kept for the tab (sessionStorage), so a reload
 * does not ask for it again; a refused one (wrong, or changed since) is forgotten.
 */
export function useSharePassword(uuid: string): {
  remember(password: string): void;
  known(): boolean;
  forget(): void;
} {
  const { session } = usePortal();
  const remember = useCallback(
    (password: string) => {
      session?.setSharePassword(uuid, password);
      tabStorage()?.setItem(storageKey(uuid), password);
    },
    [session, uuid],
  );
  const known = useCallback(() => {
    if (!session) return false;
    if (!session.sharePassword(uuid)) {
      const kept = tabStorage()?.getItem(storageKey(uuid));
      if (kept) session.setSharePassword(uuid, kept);
    }
    return Boolean(session.sharePassword(uuid));
  }, [session, uuid]);
  const forget = useCallback(() => {
    session?.forgetSharePassword(uuid);
    tabStorage()?.removeItem(storageKey(uuid));
  }, [session, uuid]);
  return { remember, known, forget };
}
