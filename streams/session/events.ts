import * as z from 'zod/mini';
import { serializedErrorSchema } from '../core/errors';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { meSchema, serverConfigSchema, ssoProviderSchema } from './api';

/** The two ways to get a token (protocol §3.2): a user's login and password, or the application's credentials. */
const surferKindSchema = z.enum(['user', 'application']);

/** What events may say about a token: its times, never the token itself (issue 3). */
const tokenTimes = { surfer: surferKindSchema, iat: z.number(), exp: z.number() };

/** Application provider step 1 (protocol §3.2): the config is registered and the locale set. */
export const providerRegistered = defineFact('session/providerRegistered', 'system', { locale: z.string() });
/** Step 4: a token is held, the portal may ask who-am-I and load data. */
export const providerSignedIn = defineFact('session/providerSignedIn', 'system', {
  surfer: surferKindSchema,
});
/** No token at all: the portal concludes it from the application's failed sign-in, nothing is asked. */
export const providerFailed = defineEvent(
  'session/providerFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

/** Auto-connect with the stored refresh token (bearer) or the session cookie (cookie mode). */
export const autoConnectStarted = defineFact('session/autoConnectStarted', 'system', {});
/** Auto-connect did not give a token; start-up goes on with the application credentials. */
export const autoConnectFailed = defineFailure('session/autoConnectFailed');

/** The password goes to the epic through this event; the recorder masks it. */
export const signInRequested = defineIntent(
  'session/signInRequested',
  { login: z.string(), password: z.string() },
  ['password'],
);
export const applicationSignInStarted = defineFact('session/applicationSignInStarted', 'system', {});
export const tokenReceived = defineAnswer('session/tokenReceived', {
  ...tokenTimes,
  via: z.enum(['signIn', 'autoConnect', 'refresh']),
});
export const signInFailed = defineFailure('session/signInFailed', { surfer: surferKindSchema });

/**
 * Another tab obtained the user's token (a sign-in, an auto-connect, a refresh): this tab re-read it
 * from the browser's storage (issue 25). Its times only, as `tokenReceived`.
 */
export const tokenAdopted = defineFact('session/tokenAdopted', 'storage', {
  iat: z.number(),
  exp: z.number(),
});

/** Token refresh (protocol §3.4): due after the share of the lifetime, retried on network failures. */
export const tokenRefreshStarted = defineFact('session/tokenRefreshStarted', 'timer', {
  attempt: z.number(),
});
/** HTTP error or retries exhausted: a user falls back to the application, an application signs in again. */
export const sessionExpired = defineFailure('session/sessionExpired', { surfer: surferKindSchema });

export const signOutRequested = defineIntent('session/signOutRequested', {});
/** Seed 002 §8: refused locally, nothing is sent. */
export const signOutRefused = defineEvent('session/signOutRefused', z.object({ message: z.string() }), {
  source: 'system',
  redact: [],
  failure: true,
});
/**
 * The server signed the user out. `next`, decided when the answer came from what the vault held:
 * the application signs in again, or who-am-I is asked.
 */
export const signedOut = defineAnswer('session/signedOut', {
  next: z.optional(z.enum(['applicationSignIn', 'whoAmI'])),
});
export const signOutFailed = defineFailure('session/signOutFailed');

export const whoAmIRequested = defineFact('session/whoAmIRequested', 'system', {});
export const whoAmILoaded = defineAnswer('session/whoAmILoaded', { me: meSchema });
export const whoAmIFailed = defineFailure('session/whoAmIFailed');
/**
 * Auto-connect could not reach the server (offline, issue 25): the user the last visit's who-am-I
 * named, read back from the browser's storage, is shown until the server can be asked again.
 */
export const identityRestored = defineFact('session/identityRestored', 'storage', { me: meSchema });
/** The user asks who-am-I again after it failed (the header's notice). */
export const whoAmIRetryRequested = defineIntent('session/whoAmIRetryRequested', {});

export const serverConfigLoaded = defineAnswer('session/serverConfigLoaded', { config: serverConfigSchema });
export const serverConfigFailed = defineFailure('session/serverConfigFailed');

/**
 * The sign-in screen wants the identity providers; fetched once, again after an error or for
 * another `relativeURL` (the same-origin path to come back to, which the providers' links carry).
 */
export const ssoConfigRequested = defineIntent('session/ssoConfigRequested', {
  relativeURL: z.optional(z.string()),
});
export const ssoConfigLoaded = defineAnswer('session/ssoConfigLoaded', {
  providers: z.array(ssoProviderSchema),
});
export const ssoConfigFailed = defineFailure('session/ssoConfigFailed');

/** The password of a user who must change it (403/2) or who changes it from the account page. */
export const passwordChangeRequested = defineIntent(
  'session/passwordChangeRequested',
  { login: z.string(), currentPassword: z.string(), newPassword: z.string() },
  ['currentPassword', 'newPassword'],
);
export const passwordChanged = defineAnswer('session/passwordChanged', {});
export const passwordChangeFailed = defineFailure('session/passwordChangeFailed');
