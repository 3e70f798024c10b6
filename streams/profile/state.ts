import { IDLE_REQUEST, type RequestState } from '../core/request-status';
import type { Profile } from './api';

interface LocaleChoice extends RequestState {
  /** the language just picked: the UI shows it while the profile patch runs */
  requested: string | null;
  /** a visitor's own choice (a user's lives in the profile) */
  visitor: string | null;
}

export interface ProfileState extends RequestState {
  /** the user the profile belongs to */
  owner: string | null;
  data: Profile | null;
  /** the profile schema's field headers, asked for once (protocol §23.21) */
  headers: Record<string, unknown> | null;
  patch: RequestState;
  create: RequestState;
  locale: LocaleChoice;
}

export const initialProfileState: ProfileState = {
  ...IDLE_REQUEST,
  owner: null,
  data: null,
  headers: null,
  patch: IDLE_REQUEST,
  create: IDLE_REQUEST,
  locale: { ...IDLE_REQUEST, requested: null, visitor: null },
};
