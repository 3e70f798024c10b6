import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { meSchema, serverConfigSchema, ssoProviderSchema } from './api';

/** The two ways to get a token (protocol §3.2): a user's login and password, or the application's credentials. */
export const surferKindSchema = z.enum(['user', 'application']);

/** What events may say about a token: its times, never the token itself (issue 3). */
const tokenTimes = { surfer: surferKindSchema, iat: z.number(), exp: z.number() };

/** Application provider step 1 (protocol §3.2): the config is registered and the locale set. */
export const providerRegistered = defineEvent(
  'session/providerRegistered',
  z.object({ locale: z.string() }),
  {
    source: 'system',
    redact: [],
  },
);
/** Step 4: a token is held, the portal may ask who-am-I and load data. */
export const providerSignedIn = defineEvent(
  'session/providerSignedIn',
  z.object({ surfer: surferKindSchema }),
  {
    source: 'system',
    redact: [],
  },
);
export const providerFailed = defineEvent(
  'session/providerFailed',
  z.object({ error: serializedErrorSchema }),
  {
    source: 'system',
    redact: [],
    failure: true,
  },
);

/** Auto-connect with the stored refresh token (bearer) or the session cookie (cookie mode). */
export const autoConnectStarted = defineEvent('session/autoConnectStarted', z.object({}), {
  source: 'system',
  redact: [],
});
/** Auto-connect did not give a token; start-up goes on with the application credentials. */
export const autoConnectFailed = defineEvent(
  'session/autoConnectFailed',
  z.object({ error: serializedErrorSchema }),
  {
    source: 'server',
    redact: [],
    failure: true,
  },
);

/** The password goes to the epic through this event; the recorder masks it. */
export const signInRequested = defineEvent(
  'session/signInRequested',
  z.object({ login: z.string(), password: z.string() }),
  { source: 'ui', redact: ['password'] },
);
export const applicationSignInStarted = defineEvent('session/applicationSignInStarted', z.object({}), {
  source: 'system',
  redact: [],
});
export const tokenReceived = defineEvent(
  'session/tokenReceived',
  z.object({ ...tokenTimes, via: z.enum(['signIn', 'autoConnect', 'refresh']) }),
  { source: 'server', redact: [] },
);
export const signInFailed = defineEvent(
  'session/signInFailed',
  z.object({ surfer: surferKindSchema, error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

/** Token refresh (protocol §3.4): due after the share of the lifetime, retried on network failures. */
export const tokenRefreshStarted = defineEvent(
  'session/tokenRefreshStarted',
  z.object({ attempt: z.number() }),
  {
    source: 'timer',
    redact: [],
  },
);
/** HTTP error or retries exhausted: a user falls back to the application, an application signs in again. */
export const sessionExpired = defineEvent(
  'session/sessionExpired',
  z.object({ surfer: surferKindSchema, error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

export const signOutRequested = defineEvent('session/signOutRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
/** Seed 002 §8: refused locally, nothing is sent. */
export const signOutRefused = defineEvent('session/signOutRefused', z.object({ message: z.string() }), {
  source: 'system',
  redact: [],
  failure: true,
});
export const signedOut = defineEvent('session/signedOut', z.object({}), { source: 'server', redact: [] });
export const signOutFailed = defineEvent(
  'session/signOutFailed',
  z.object({ error: serializedErrorSchema }),
  {
    source: 'server',
    redact: [],
    failure: true,
  },
);

export const whoAmIRequested = defineEvent('session/whoAmIRequested', z.object({}), {
  source: 'system',
  redact: [],
});
export const whoAmILoaded = defineEvent('session/whoAmILoaded', z.object({ me: meSchema }), {
  source: 'server',
  redact: [],
});
export const whoAmIFailed = defineEvent('session/whoAmIFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  redact: [],
  failure: true,
});

export const serverConfigLoaded = defineEvent(
  'session/serverConfigLoaded',
  z.object({ config: serverConfigSchema }),
  {
    source: 'server',
    redact: [],
  },
);
export const serverConfigFailed = defineEvent(
  'session/serverConfigFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

/** The sign-in screen wants the identity providers; fetched once, again only after an error. */
export const ssoConfigRequested = defineEvent('session/ssoConfigRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const ssoConfigLoaded = defineEvent(
  'session/ssoConfigLoaded',
  z.object({ providers: z.array(ssoProviderSchema) }),
  { source: 'server', redact: [] },
);
export const ssoConfigFailed = defineEvent(
  'session/ssoConfigFailed',
  z.object({ error: serializedErrorSchema }),
  {
    source: 'server',
    redact: [],
    failure: true,
  },
);

/** The password of a user who must change it (403/2) or who changes it from the account page. */
export const passwordChangeRequested = defineEvent(
  'session/passwordChangeRequested',
  z.object({ login: z.string(), currentPassword: z.string(), newPassword: z.string() }),
  { source: 'ui', redact: ['currentPassword', 'newPassword'] },
);
export const passwordChanged = defineEvent('session/passwordChanged', z.object({}), {
  source: 'server',
  redact: [],
});
export const passwordChangeFailed = defineEvent(
  'session/passwordChangeFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);
