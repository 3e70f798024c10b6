import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { signedOut, tokenReceived } from './events';
import {
  askWhoAmI,
  autoConnect,
  reconnectProvider,
  afterSignOut,
  changePassword,
  signInAfterPasswordChange,
  keepLangInVault,
  loadServerConfig,
  loadSsoConfig,
  loadWhoAmI,
  registerProvider,
  settleProvider,
  signInApplication,
  signInUser,
  signOutUser,
} from './epics';
import { keepIdentity } from './kept-identity';
import { initialSessionState, sessionReducer } from './reducer';
import { recoverFromExpiry, refreshTokenOnSchedule } from './refresh-epics';
import { followSignOut, followTokens } from './tab-epics';

export const sessionDomain = defineDomain({
  name: 'session',
  initialState: initialSessionState,
  reducer: sessionReducer,
  epics: {
    registerProvider,
    autoConnect,
    reconnectProvider,
    signInApplication,
    settleProvider,
    signInUser,
    askWhoAmI,
    loadWhoAmI,
    keepIdentity,
    loadServerConfig,
    loadSsoConfig,
    signOutUser,
    afterSignOut,
    changePassword,
    signInAfterPasswordChange,
    keepLangInVault,
    refreshTokenOnSchedule,
    recoverFromExpiry,
    followSignOut,
    followTokens,
  },
  // a sign-out or a new user token changes who every tab is, whoever its user was (issue 25)
  shares: [
    share(signedOut, { anyUser: true }),
    share(tokenReceived, { anyUser: true, when: (payload) => payload.surfer === 'user' }),
  ],
});
