import { produce } from 'immer';
import type { SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import { epicCrashed, errorDismissed, reducerFailed, untrappedErrorCaught } from './events';

export interface ShownError {
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
}

export const initialSystemState: SystemState = {
  shownError: null,
  epicCrashes: [],
  stoppedEpics: [],
  reducerFailures: 0,
};

const KEPT_CRASHES = 20;

export const systemReducer = produce((draft: SystemState, event: AnyEvent) => {
  if (untrappedErrorCaught.match(event)) {
    draft.shownError = { error: event.payload.error, origin: event.payload.origin, at: event.meta.at };
  } else if (reducerFailed.match(event)) {
    draft.reducerFailures += 1;
    draft.shownError = { error: event.payload.error, origin: event.payload.eventType, at: event.meta.at };
  } else if (epicCrashed.match(event)) {
    const { epic, restarted, error } = event.payload;
    draft.epicCrashes.push({ epic, restarted, at: event.meta.at, message: error.message });
    if (draft.epicCrashes.length > KEPT_CRASHES) draft.epicCrashes.shift();
    // a restarted epic has recovered; one that is left stopped is an error the user must see
    if (!restarted) {
      draft.stoppedEpics.push(epic);
      draft.shownError = { error, origin: epic, at: event.meta.at };
    }
  } else if (errorDismissed.match(event)) {
    draft.shownError = null;
  }
});
