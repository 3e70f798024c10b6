import { defineDomain } from '../core/domain';
import {
  askWhoAmI,
  autoConnect,
  changePassword,
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
import { initialSessionState, sessionReducer } from './reducer';
import { recoverFromExpiry, refreshTokenOnSchedule } from './refresh-epics';
import * as selectors from './selectors';

export const sessionDomain = defineDomain({
  name: 'session',
  initialState: initialSessionState,
  reducer: sessionReducer,
  epics: {
    registerProvider,
    autoConnect,
    signInApplication,
    settleProvider,
    signInUser,
    askWhoAmI,
    loadWhoAmI,
    loadServerConfig,
    loadSsoConfig,
    signOutUser,
    changePassword,
    keepLangInVault,
    refreshTokenOnSchedule,
    recoverFromExpiry,
  },
  selectors,
});
