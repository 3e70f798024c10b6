import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { create, load, patch } from './endpoints';
import { adoptIdentity, changeLocale, restoreVisitorLocale } from './epics';
import { localeChanged, visitorLocaleChosen } from './events';
import { profileReducer } from './reducer';
import { initialProfileState } from './state';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const profileDomain = defineDomain({
  name: 'profile',
  initialState: initialProfileState,
  reducer: profileReducer,
  epics: {
    loadProfile: load.epic,
    patchProfile: patch.epic,
    createProfile: create.epic,
    changeLocale,
    restoreVisitorLocale,
    adoptIdentity,
  },
  // the language a user or a visitor chose: every tab of this browser speaks it (issue 25)
  shares: [share(localeChanged), share(visitorLocaleChosen, { anyUser: true })],
});
