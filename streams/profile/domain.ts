import { defineDomain } from '../core/domain';
import { changeLocale, createProfile, loadProfile, patchProfile, restoreVisitorLocale } from './epics';
import { initialProfileState, profileReducer } from './reducer';
import { selectLocaleChange, selectLocaleChoice, selectProfile } from './selectors';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const profileDomain = defineDomain({
  name: 'profile',
  initialState: initialProfileState,
  reducer: profileReducer,
  epics: { loadProfile, patchProfile, createProfile, changeLocale, restoreVisitorLocale },
  selectors: { selectProfile, selectLocaleChange, selectLocaleChoice },
});
