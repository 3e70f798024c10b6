import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import { type AppInfos, readInfos } from './api';
import {
  applicationInvalidated,
  availabilityChecked,
  availabilityCheckFailed,
  availabilityRequested,
  infoLoaded,
  infoLoadFailed,
  infosRestored,
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

export const appReducer = caseReducer<AppState>(
  on(started, (draft, { payload }) => {
    const { locale, apiPath, applicationName, hasApplicationCredentials, cookieAuth, settings } = payload;
    Object.assign(draft, {
      started: true,
      locale,
      apiPath,
      applicationName,
      hasApplicationCredentials,
      cookieAuth,
    });
    draft.settings = settings;
    draft.info.status = 'registered';
    draft.availability.status = 'registered';
  }),
  on(infoRequested, (draft) => {
    draft.info.status = 'resolving';
  }),
  on(infoLoaded, (draft, { payload }) => {
    draft.info = { status: 'resolved', data: readInfos(payload.infos, draft.apiPath), error: null };
  }),
  on(infosRestored, (draft, { payload }) => {
    if (draft.info.status !== 'resolved') draft.info.data = payload.infos;
  }),
  on(infoLoadFailed, (draft, { payload }) => {
    draft.info.status = 'error';
    draft.info.error = payload.error;
  }),
  on(availabilityRequested, (draft) => {
    draft.availability.status = 'resolving';
  }),
  on(availabilityChecked, (draft, { payload }) => {
    draft.availability = {
      status: 'resolved',
      available: payload.available,
      message: payload.message,
      resolved: true,
      error: null,
    };
  }),
  // a failed check means available (protocol §19); the error is kept for the curious
  on(availabilityCheckFailed, (draft, { payload }) => {
    draft.availability = {
      status: 'resolved',
      available: true,
      message: null,
      resolved: true,
      error: payload.error,
    };
  }),
  on(applicationInvalidated, (draft) => {
    draft.validity = 'invalid';
  }),
  on(resetRequested, (draft) => {
    draft.validity = 'valid';
  }),
);
