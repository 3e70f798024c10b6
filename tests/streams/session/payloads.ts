import fc from 'fast-check';
import * as session from '../../../streams/session/events';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

const surfer = fc.constantFrom('user', 'application');
const error = fc.oneof(
  serializedError,
  fc.constant({ code: 'error.rest.403/2', message: 'change it', status: 403, restCode: '403/2' }),
);
const me = fc.oneof(
  fc.constant({}),
  fc.record({
    id: fc.nat(20),
    locale: fc.constantFrom('en', 'fr_FR', 'de'),
    isUser: fc.constant(true),
    isApp: fc.constant(false),
    application: fc.constant(null),
    role: fc.option(fc.record({ watermark: fc.boolean() }), { nil: null }),
    userdata: fc.record({
      contriblangs: fc.array(fc.record({ code: fc.constantFrom('en', 'fr') }), { maxLength: 2 }),
    }),
  }),
  fc.record({ id: fc.nat(3), isApp: fc.constant(true), isUser: fc.constant(false), application: shortText }),
);

/** A valid payload for every event of the session domain. */
export const sessionPayloads: PayloadGenerators = {
  [session.providerRegistered.type]: fc.record({ locale: fc.constantFrom('en', 'fr') }),
  [session.providerSignedIn.type]: fc.record({ surfer }),
  [session.providerFailed.type]: fc.record({ error }),
  [session.autoConnectStarted.type]: emptyPayload,
  [session.autoConnectFailed.type]: fc.record({ error }),
  [session.signInRequested.type]: fc.record({ login: shortText, password: shortText }),
  [session.applicationSignInStarted.type]: emptyPayload,
  [session.tokenReceived.type]: fc.record({
    surfer,
    iat: fc.nat(1000),
    exp: fc.integer({ min: 1001, max: 5000 }),
    via: fc.constantFrom('signIn', 'autoConnect', 'refresh'),
  }),
  [session.signInFailed.type]: fc.record({ surfer, error }),
  [session.tokenRefreshStarted.type]: fc.record({ attempt: fc.integer({ min: 1, max: 6 }) }),
  [session.sessionExpired.type]: fc.record({ surfer, error }),
  [session.signOutRequested.type]: emptyPayload,
  [session.signOutRefused.type]: fc.record({ message: shortText }),
  [session.signedOut.type]: emptyPayload,
  [session.signOutFailed.type]: fc.record({ error }),
  [session.whoAmIRequested.type]: emptyPayload,
  [session.whoAmILoaded.type]: fc.record({ me }),
  [session.whoAmIFailed.type]: fc.record({ error }),
  [session.serverConfigLoaded.type]: fc.record({
    config: fc.record({
      version: fc.option(shortText, { nil: null }),
      dxm: fc.boolean(),
      mfaonly: fc.boolean(),
      typeEnv: fc.option(shortText, { nil: null }),
      defaultLocale: fc.option(fc.constantFrom('en', 'fr'), { nil: null }),
    }),
  }),
  [session.serverConfigFailed.type]: fc.record({ error }),
  [session.ssoConfigRequested.type]: emptyPayload,
  [session.ssoConfigLoaded.type]: fc.record({
    providers: fc.array(fc.record({ id: shortText, name: shortText }), { maxLength: 2 }),
  }),
  [session.ssoConfigFailed.type]: fc.record({ error }),
  [session.passwordChangeRequested.type]: fc.record({
    login: shortText,
    currentPassword: shortText,
    newPassword: shortText,
  }),
  [session.passwordChanged.type]: emptyPayload,
  [session.passwordChangeFailed.type]: fc.record({ error }),
};
