import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import { domainLoaded, epicCrashed, errorDismissed, reducerFailed, untrappedErrorCaught } from './events';

interface ShownError {
  error: SerializedError;
  /** what raised it: an event type, an epic name, or where an untrapped error came from */
  origin: string;
  at: number;
}

export interface SystemState {
  /** the error the error view shows; cleared when the user dismisses it */
  shownError: ShownError | null;
  epicCrashes: Array<{ epic: string; restarted: boolean; at: number; message: string }>;
  stoppedEpics: string[];
  reducerFailures: number;
  /**
   * Domains whose code has not loaded yet: their slices keep their initial state and their
   * reducers are skipped until `system/domainLoaded`. Kept in state, so a replay, which has
   * every reducer, folds exactly what the live session folded.
   */
  deferredDomains: string[];
}

export const initialSystemState: SystemState = {
  shownError: null,
  epicCrashes: [],
  stoppedEpics: [],
  reducerFailures: 0,
  deferredDomains: [],
};

const KEPT_CRASHES = 20;

export const systemReducer = caseReducer<SystemState>(
  on(untrappedErrorCaught, (draft, { payload, meta }) => {
    draft.shownError = { error: payload.error, origin: payload.origin, at: meta.at };
  }),
  on(reducerFailed, (draft, { payload, meta }) => {
    draft.reducerFailures += 1;
    draft.shownError = { error: payload.error, origin: payload.eventType, at: meta.at };
  }),
  on(epicCrashed, (draft, { payload, meta }) => {
    const { epic, restarted, error } = payload;
    draft.epicCrashes.push({ epic, restarted, at: meta.at, message: error.message });
    if (draft.epicCrashes.length > KEPT_CRASHES) draft.epicCrashes.shift();
    // a restarted epic has recovered; one that is left stopped is an error the user must see
    if (!restarted) {
      draft.stoppedEpics.push(epic);
      draft.shownError = { error, origin: epic, at: meta.at };
    }
  }),
  on(domainLoaded, (draft, { payload }) => {
    draft.deferredDomains = draft.deferredDomains.filter((name) => name !== payload.name);
  }),
  on(errorDismissed, (draft) => {
    draft.shownError = null;
  }),
);
