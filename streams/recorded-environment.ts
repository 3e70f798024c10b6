import { started } from './app/events';
import type { Config } from './core/config';
import { MemoryStorage } from './core/deps';
import type { AnyEvent } from './core/event';
import { REDACTED } from './core/redact';
import { SessionVault } from './core/session-vault';
import { pendingRestored } from './downloads/events';
import { draftsRestored } from './entities/events';
import { uploadsRestored } from './imports/events';
import { visitorLocaleRestored } from './profile/events';
import { autoConnectStarted, providerRegistered } from './session/events';

/**
 * What the live portal held outside the state when its log starts, as far as the log tells: the
 * connection and whether application credentials were configured (`app/started`), and what the
 * stored values read at start were (a refresh token, for the auto-connect it led to; the visitor's
 * language; the pending downloads; the drafts in progress). Epics read these from the vault and the storage, not from
 * events, so a re-simulation with an empty vault and storage would take other paths from its
 * first steps (an application sign-in that fails for want of credentials, no auto-connect).
 * Secrets never reach the log: where only their presence matters, a placeholder stands for them
 * (the recorded answers, not a server, answer the requests they go into).
 */
export function recordedEnvironment(
  events: readonly AnyEvent[],
  config: Pick<
    Config,
    | 'refreshTokenStorageKey'
    | 'visitorLocaleStorageKey'
    | 'pendingDownloadStorageKey'
    | 'draftStorageKey'
    | 'pendingUploadStorageKey'
  >,
): { session: SessionVault; storage: MemoryStorage } {
  const session = new SessionVault();
  const storage = new MemoryStorage();
  const start = events.find(started.match);
  if (start) {
    const { apiPath, cookieAuth, sessionAuth, applicationName, hasApplicationCredentials, locale } =
      start.payload;
    session.connection = { apiPath, cookieAuth, sessionAuth };
    session.lang = locale;
    if (hasApplicationCredentials)
      session.application = { name: applicationName ?? '', key: REDACTED, secret: REDACTED };
  }
  const registrations = new Set(events.filter(providerRegistered.match).map((event) => event.meta.id));
  const autoConnected = events.some(
    (event) =>
      autoConnectStarted.match(event) &&
      event.meta.cause !== undefined &&
      registrations.has(event.meta.cause),
  );
  if (autoConnected && !session.connection.cookieAuth)
    storage.setItem(config.refreshTokenStorageKey, REDACTED);
  const locale = events.find(visitorLocaleRestored.match);
  if (locale) storage.setItem(config.visitorLocaleStorageKey, locale.payload.locale);
  const pending = events.find(pendingRestored.match);
  if (pending && pending.payload.records.length > 0)
    storage.setItem(config.pendingDownloadStorageKey, JSON.stringify(pending.payload.records));
  // the entities' drafts in progress (issue 14), as they were read back
  const drafts = events.find(draftsRestored.match);
  if (drafts && drafts.payload.drafts.length > 0)
    storage.setItem(config.draftStorageKey, JSON.stringify(drafts.payload.drafts));
  // the upload files a reload left to choose again (issue 15), as they were read back
  const uploads = events.find(uploadsRestored.match);
  if (uploads && uploads.payload.files.length > 0)
    storage.setItem(config.pendingUploadStorageKey, JSON.stringify(uploads.payload.files));
  return { session, storage };
}
