import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { started } from '../streams/app/events';
import { config } from '../streams/core/config';
import { serializeError } from '../streams/core/errors';
import { SessionVault } from '../streams/core/session-vault';
import { liveInputs } from '../streams/core/recorded-inputs';
import { createStore } from '../streams/core/store';
import { createPortalDomains, liveInitialState, type RootState } from '../streams/root';
import { untrappedErrorCaught } from '../streams/system/events';
import { App } from './app/app';
import { deferredRecorder } from './app/deferred-recorder';
import { createLiveDeps, currentLocation } from './app/live-deps';
import { browserNetwork, indexedDbPort } from './outbox/browser-ports';
import { domainsReady, PORTAL_DOMAINS } from './app/load-domains';
import { readMountSettings } from './app/mount-settings';
import { registerShellWorker } from './app/shell-worker';
import { browserTabs, loadingDomainsFor } from './app/tabs-port';
import { joined } from '../streams/tabs/events';
import { PortalProvider } from './app/store-context';
import { Footer } from './app/footer';
import { useTravelling } from './hooks/use-travelling';
import './ui/theme.css';
import { localeReady } from './i18n/locales';

const mount = document.getElementById('app');
if (!mount) throw new Error('The portal mounts on <div id="app">, which this page does not have');

const settings = readMountSettings({
  attributes: mount.attributes,
  env: import.meta.env,
  location: window.location,
  browserLanguage: navigator.language,
});

// secrets go to the vault, never into state or events
const session = new SessionVault();
session.connection = settings.connection;
session.application = settings.credentials;
session.lang = settings.locale;

// the domains whose code this store has: the shell's, then each lazy one as it arrives
const domains = createPortalDomains();
const channel = browserTabs(config);
// a download or an import command another tab started loads its domain here first (issue 25)
const tabs =
  channel && loadingDomainsFor(channel, (name): Promise<void> | null => domainsReady(portal, [name]));
// the outbox keeps writes that could not reach the server in IndexedDB and resends them once online
const deps = {
  ...createLiveDeps(session),
  ...(tabs && { tabs }),
  durable: indexedDbPort(),
  network: browserNetwork(),
};
const recorder = deferredRecorder<RootState>({
  capacity: config.recorderCapacity,
  snapshotEvery: config.recorderSnapshotEvery,
  maxBytes: config.recorderMaxBytes,
  app: { version: __APP_VERSION__, commit: __APP_COMMIT__ },
  initialState: liveInitialState,
});
recorder.setSession({ startedAt: Date.now(), locale: settings.locale });
// every timer, request and outside read of the epics is recorded, so the log re-simulates exactly
const store = createStore({
  reducer: domains.reducer,
  rootEpic: domains.epic,
  deps,
  initialState: liveInitialState,
  recorder,
  inputs: liveInputs(deps.scheduler),
});
const portal = { store, domains };

async function exportEventLog(note = ''): Promise<string> {
  // offline, the lazy domains may not load: the log is still saved, graded Risky on import
  await domains.loadAll().catch(() => undefined);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const fileName = `dam-portal-${stamp}.evlog.json`;
  await recorder.ready;
  const text = recorder.text(note);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  deps.downloads.open(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

// what nothing else caught becomes an event, shown by the error view and logged
window.addEventListener('error', (event) => {
  if (event.message?.startsWith('ResizeObserver loop')) return;
  store.dispatch(
    untrappedErrorCaught({ origin: 'window', error: serializeError(event.error ?? event.message) }),
  );
});
window.addEventListener('unhandledrejection', (event) => {
  store.dispatch(untrappedErrorCaught({ origin: 'promise', error: serializeError(event.reason) }));
});

// for bug reports and browser tests: the exported log and the current state
Object.assign(window, {
  __DAM_PORTAL__: {
    exportLog: () => recorder.text(),
    getState: () => store.getState(),
    // the whole event catalogue and the recorder's code: an export is then whole
    loadAllDomains: () => Promise.all([domains.loadAll(), recorder.ready]),
  },
});

// a zip on its way when the page was left: the downloads resume at once, whatever the screen
if (deps.storage.getItem(config.pendingDownloadStorageKey)) void domainsReady(portal, ['downloads']);

// No prefetch of the other lazy domains at start: on a slow network their chunks (the CMS editor,
// mass import) took connections from the first screen's requests (issue 22). The common screens'
// code is in the `portal` chunk (vite.config.ts); an export loads the rest first (exportEventLog).

// what waits for who-am-I comes with the first screen's chunk (issue 22): its code is on its way
// now, beside the application's sign-in, and catches up on the start once it is in
void domainsReady(portal, PORTAL_DOMAINS);

// a tab with the channel and the lock follows the others until it leads (issue 25)
if (tabs) store.dispatch(joined({}));
store.dispatch(
  started({
    ...currentLocation(),
    locale: settings.locale,
    apiPath: settings.connection.apiPath,
    applicationName: settings.applicationName,
    hasApplicationCredentials: settings.credentials !== null,
    cookieAuth: settings.connection.cookieAuth,
    sessionAuth: settings.connection.sessionAuth,
    settings: settings.others,
  }),
);

// the built shell loads offline from a service worker, after the first paint (issue 25)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => registerShellWorker(navigator.serviceWorker, import.meta.env.BASE_URL),
    {
      once: true,
    },
  );
}

// the Redux DevTools extension in development builds only: never part of the production bundle
if (import.meta.env.DEV) {
  void import('../streams/recorder/devtools-bridge').then(({ connectReduxDevtools }) =>
    connectReduxDevtools(store, window),
  );
}

// the timeline over a replayed log, loaded once the devtools start a time travel
const TimeTravelBar = lazy(() => import('./devtools/time-travel-bar'));

function TimeTravel() {
  return useTravelling() ? (
    <Suspense fallback={null}>
      <TimeTravelBar />
    </Suspense>
  ) : null;
}

// a French page's first paint waits for the French messages (one small request) rather than flash English
void localeReady(settings.locale).finally(() =>
  createRoot(mount).render(
    <StrictMode>
      <PortalProvider
        value={{ store, domains, exportEventLog, recorder: recorder.ready, session, files: deps.files }}
      >
        <App />
        <Footer />
        <TimeTravel />
      </PortalProvider>
    </StrictMode>,
  ),
);
