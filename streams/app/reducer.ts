import { produce } from 'immer';
import type { SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import type { Status } from '../core/status';
import { type AppInfos, readInfos } from './api';
import {
  applicationInvalidated,
  availabilityChecked,
  availabilityCheckFailed,
  availabilityRequested,
  infoLoaded,
  infoLoadFailed,
  infoRequested,
  resetRequested,
  started,
} from './events';

export interface AppState {
  started: boolean;
  locale: string;
  apiPath: string;
  applicationName: string | null;
  hasApplicationCredentials: boolean;
  cookieAuth: boolean;
  settings: Record<string, string>;
  info: { status: Status; data: AppInfos; error: SerializedError | null };
  availability: {
    status: Status;
    available: boolean;
    message: string | null;
    resolved: boolean;
    error: SerializedError | null;
  };
  /** 419 makes the application invalid until the user resets (protocol §2.2) */
  validity: 'valid' | 'invalid';
}

export const initialAppState: AppState = {
  started: false,
  locale: 'en',
  apiPath: '',
  applicationName: null,
  hasApplicationCredentials: false,
  cookieAuth: false,
  settings: {},
  info: { status: 'unknown', data: {}, error: null },
  availability: { status: 'unknown', available: true, message: null, resolved: false, error: null },
  validity: 'valid',
};

export const appReducer = produce((draft: AppState, event: AnyEvent) => {
  if (started.match(event)) {
    const { locale, apiPath, applicationName, hasApplicationCredentials, cookieAuth, settings } = event.payload;
    Object.assign(draft, { started: true, locale, apiPath, applicationName, hasApplicationCredentials, cookieAuth });
    draft.settings = settings;
    draft.info.status = 'registered';
    draft.availability.status = 'registered';
  } else if (infoRequested.match(event)) {
    draft.info.status = 'resolving';
  } else if (infoLoaded.match(event)) {
    draft.info = { status: 'resolved', data: readInfos(event.payload.infos, draft.apiPath), error: null };
  } else if (infoLoadFailed.match(event)) {
    draft.info.status = 'error';
    draft.info.error = event.payload.error;
  } else if (availabilityRequested.match(event)) {
    draft.availability.status = 'resolving';
  } else if (availabilityChecked.match(event)) {
    const { available, message } = event.payload;
    draft.availability = { status: 'resolved', available, message, resolved: true, error: null };
  } else if (availabilityCheckFailed.match(event)) {
    draft.availability = {
      status: 'resolved',
      available: true,
      message: null,
      resolved: true,
      error: event.payload.error,
    };
  } else if (applicationInvalidated.match(event)) {
    draft.validity = 'invalid';
  } else if (resetRequested.match(event)) {
    draft.validity = 'valid';
  }
});
