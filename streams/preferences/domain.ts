import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import {
  adoptIdentity,
  followOtherTabs,
  loadPortalPreferences,
  loadPreference,
  removePreference,
  savePreferences,
} from './epics';
import { removed, saved } from './events';
import { preferencesReducer } from './reducer';
import { initialPreferencesState } from './state';
import {
  selectCursorBookmarks,
  selectGridDensity,
  selectPageSize,
  selectPortalPreference,
  selectPreference,
  selectPreferenceRefusal,
} from './selectors';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const preferencesDomain = defineDomain({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducer: preferencesReducer,
  epics: {
    savePreferences,
    loadPreference,
    removePreference,
    loadPortalPreferences,
    followOtherTabs,
    adoptIdentity,
  },
  selectors: {
    selectPreference,
    selectPortalPreference,
    selectPreferenceRefusal,
    selectPageSize,
    selectGridDensity,
    selectCursorBookmarks,
  },
  shares: [share(saved), share(removed)],
});
