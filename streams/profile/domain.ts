import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import { changeLocale, createProfile, loadProfile, patchProfile, restoreVisitorLocale } from './epics';
import { localeChanged, visitorLocaleChosen } from './events';
import { initialProfileState, profileReducer } from './reducer';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const profileDomain = defineDomain({
  name: 'profile',
  initialState: initialProfileState,
  reducer: profileReducer,
  epics: { loadProfile, patchProfile, createProfile, changeLocale, restoreVisitorLocale },
  // the language a user or a visitor chose: every tab of this browser speaks it (issue 25)
  shares: [share(localeChanged), share(visitorLocaleChosen, { anyUser: true })],
});
