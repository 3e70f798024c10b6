import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { Me, ServerConfig, SsoProvider } from './api';
import * as sessionEvents from './events';

/** protocol §2.1: the application provider's own vocabulary. */
type ProviderStatus = 'pending' | 'registered' | 'signed-in' | 'error';

export interface SessionState {
  provider: { status: ProviderStatus; error: SerializedError | null };
  /** who holds the token the requests carry; times only, the token stays in the vault */
  token: { surfer: 'user' | 'application'; iat: number; exp: number } | null;
  /** who-am-I (protocol §3.3): `me` is null until the first answer */
  whoAmI: { status: Status; me: Me | null; error: SerializedError | null };
  /** `me` is the one the last visit kept, read back while the server is out of reach (issue 25) */
  identityKept: boolean;
  /** the user sign-in form; `error` keeps a 403/2 so the screen can ask for a new password */
  signIn: { status: Status; login: string | null; error: SerializedError | null };
  signOut: { status: Status; error: SerializedError | null };
  passwordChange: { status: Status; error: SerializedError | null };
  /** protocol §3.4: a user's session ended by a failed refresh */
  connectionExpired: boolean;
  serverConfig: { status: Status; data: ServerConfig | null; error: SerializedError | null };
  sso: {
    status: Status;
    providers: SsoProvider[];
    error: SerializedError | null;
    /** the return path the providers were (or are being) asked for */
    relativeURL: string | null;
    /** the id of the request event whose fetch is the current one */
    request: string | null;
  };
}

export const initialSessionState: SessionState = {
  provider: { status: 'pending', error: null },
  token: null,
  whoAmI: { status: 'unknown', me: null, error: null },
  identityKept: false,
  signIn: { status: 'unknown', login: null, error: null },
  signOut: { status: 'unknown', error: null },
  passwordChange: { status: 'unknown', error: null },
  connectionExpired: false,
  serverConfig: { status: 'unknown', data: null, error: null },
  sso: { status: 'unknown', providers: [], error: null, relativeURL: null, request: null },
};

export const sessionReducer = caseReducer<SessionState>(
  on(sessionEvents.providerRegistered, (draft) => {
    draft.provider = { status: 'registered', error: null };
  }),
  on(sessionEvents.providerSignedIn, (draft) => {
    draft.provider = { status: 'signed-in', error: null };
  }),
  on(sessionEvents.providerFailed, (draft, { payload }) => {
    draft.provider = { status: 'error', error: payload.error };
  }),
  // 403/2 on auto-connect is stored as the user error and start-up goes on (protocol §2.2)
  on(sessionEvents.autoConnectFailed, (draft, { payload }) => {
    if (payload.error.restCode === '403/2') draft.signIn.error = payload.error;
    // the kept user goes: the server refused their token, or was not reached (read back again)
    if (draft.identityKept) Object.assign(draft, { whoAmI: initialSessionState.whoAmI, identityKept: false });
  }),
  on(sessionEvents.identityRestored, (draft, { payload }) => {
    draft.whoAmI = { status: 'loaded', me: payload.me, error: null };
    draft.identityKept = true;
  }),
  on(sessionEvents.signInRequested, (draft, { payload }) => {
    draft.signIn = { status: 'fetching', login: payload.login, error: null };
  }),
  on(sessionEvents.tokenReceived, (draft, { payload }) => {
    const { surfer, iat, exp } = payload;
    draft.token = { surfer, iat, exp };
    if (surfer === 'user') {
      draft.signIn.status = 'loaded';
      draft.connectionExpired = false;
      // a new user: the cached profile is cleared until who-am-I answers (protocol §3.2)
      if (payload.via === 'signIn') draft.whoAmI.me = null;
    }
  }),
  on(sessionEvents.signInFailed, (draft, { payload }) => {
    if (payload.surfer === 'user') draft.signIn = { ...draft.signIn, status: 'error', error: payload.error };
    // a failed sign-in clears the profile (protocol §3.2)
    draft.whoAmI.me = null;
    draft.identityKept = false;
  }),
  on(sessionEvents.sessionExpired, (draft, { payload }) => {
    if (payload.surfer === 'user') draft.connectionExpired = true;
    draft.token = null;
  }),
  on(sessionEvents.signOutRefused, (draft, { payload }) => {
    draft.signOut = { status: 'error', error: { code: 'error.signout.refused', message: payload.message } };
  }),
  on(sessionEvents.signedOut, (draft) => {
    draft.signOut = { status: 'loaded', error: null };
    draft.signIn = { status: 'unknown', login: null, error: null };
    draft.token = null;
    draft.whoAmI.me = null;
    draft.identityKept = false;
  }),
  on(sessionEvents.signOutFailed, (draft, { payload }) => {
    draft.signOut = { status: 'error', error: payload.error };
  }),
  on(sessionEvents.whoAmIRequested, (draft) => {
    draft.whoAmI.status = draft.whoAmI.me ? 'fetching' : 'initial';
  }),
  on(sessionEvents.whoAmILoaded, (draft, { payload }) => {
    draft.whoAmI = { status: 'loaded', me: payload.me, error: null };
    draft.identityKept = false;
  }),
  on(sessionEvents.whoAmIFailed, (draft, { payload }) => {
    draft.whoAmI = { status: 'error', me: null, error: payload.error };
    draft.identityKept = false;
  }),
  on(sessionEvents.passwordChangeRequested, (draft) => {
    draft.passwordChange = { status: 'fetching', error: null };
  }),
  on(sessionEvents.passwordChanged, (draft) => {
    draft.passwordChange = { status: 'loaded', error: null };
    if (draft.signIn.error?.restCode === '403/2') draft.signIn.error = null;
  }),
  on(sessionEvents.passwordChangeFailed, (draft, { payload }) => {
    draft.passwordChange = { status: 'error', error: payload.error };
  }),
  on(sessionEvents.serverConfigLoaded, (draft, { payload }) => {
    draft.serverConfig = { status: 'loaded', data: payload.config, error: null };
  }),
  on(sessionEvents.serverConfigFailed, (draft, { payload }) => {
    draft.serverConfig = { status: 'error', data: null, error: payload.error };
  }),
  on(sessionEvents.ssoConfigRequested, (draft, { payload, meta }) => {
    const relativeURL = payload.relativeURL ?? null;
    const { status } = draft.sso;
    // loaded or on its way for the same return path: nothing to ask
    if ((status === 'loaded' || status === 'fetching') && draft.sso.relativeURL === relativeURL) return;
    Object.assign(draft.sso, { status: 'fetching', relativeURL, request: meta.id });
  }),
  on(sessionEvents.ssoConfigLoaded, (draft, { payload }) => {
    Object.assign(draft.sso, { status: 'loaded', providers: payload.providers, error: null });
  }),
  on(sessionEvents.ssoConfigFailed, (draft, { payload }) => {
    Object.assign(draft.sso, { status: 'error', providers: [], error: payload.error });
  }),
);
