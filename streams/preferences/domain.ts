import { defineDomain } from '../core/domain';
import { share } from '../core/shared-facts';
import {
  addBookmark,
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
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const preferencesDomain = defineDomain({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducer: preferencesReducer,
  epics: {
    savePreferences,
    addBookmark,
    loadPreference,
    removePreference,
    loadPortalPreferences,
    followOtherTabs,
    adoptIdentity,
  },
  shares: [share(saved), share(removed)],
});
