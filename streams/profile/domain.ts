import { defineDomain } from '../core/domain';
import { changeLocale, createProfile, loadProfile, patchProfile, restoreVisitorLocale } from './epics';
import { initialProfileState, profileReducer } from './reducer';
import { selectLocaleChange, selectLocaleChoice, selectProfile } from './selectors';

export const profileDomain = defineDomain({
  name: 'profile',
  initialState: initialProfileState,
  reducer: profileReducer,
  epics: { loadProfile, patchProfile, createProfile, changeLocale, restoreVisitorLocale },
  selectors: { selectProfile, selectLocaleChange, selectLocaleChoice },
});
