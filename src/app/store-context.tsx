import { createContext, type ReactNode, useContext } from 'react';
import type { FilesPort } from '../../streams/core/deps';
import type { SessionVault } from '../../streams/core/session-vault';
import type { Store } from '../../streams/core/store';
import type { Recorder } from '../../streams/recorder/recorder';
import type { PortalDomains, RootState } from '../../streams/root';

interface PortalContext {
  store: Store<RootState>;
  /** the store's domains: the code it has, the lazy ones it brings */
  domains: PortalDomains;
  /**
   * Saves the recorded event log as a file, with the user's note if any, once every domain's code
   * is in (the log names the whole event catalogue); resolves to the file name.
   */
  exportEventLog(note?: string): Promise<string>;
  /** the session's recorder once its code is in, read by the devtools (view tests go without) */
  recorder?: Promise<Recorder<RootState>>;
  /**
   * The session vault, for the share passwords a view must show or take (a password the server
   * issued, the one a visitor types): they never go through events (view tests may go without)
   */
  session?: SessionVault;
  /** the uploads' File objects (`deps.files`): a view keeps a chosen file there before `imports/filesAdded` */
  files?: FilesPort;
}

const Context = createContext<PortalContext | null>(null);

export function PortalProvider({ value, children }: { value: PortalContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePortal(): PortalContext {
  const context = useContext(Context);
  if (!context) throw new Error('usePortal must be used inside <PortalProvider>');
  return context;
}
