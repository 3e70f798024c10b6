import { defineDomain } from '../core/domain';
import { loadPortalPreferences, loadPreference, removePreference, savePreferences } from './epics';
import { initialPreferencesState, preferencesReducer } from './reducer';
import {
  selectCursorBookmarks,
  selectGridDensity,
  selectPageSize,
  selectPortalPreference,
  selectPreference,
  selectPreferenceRefusal,
} from './selectors';

export const preferencesDomain = defineDomain({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducer: preferencesReducer,
  epics: { savePreferences, loadPreference, removePreference, loadPortalPreferences },
  selectors: {
    selectPreference,
    selectPortalPreference,
    selectPreferenceRefusal,
    selectPageSize,
    selectGridDensity,
    selectCursorBookmarks,
  },
});
