import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { Profile } from './api';

interface Operation {
  status: Status;
  error: SerializedError | null;
  /** with `error`: the id of the request that failed (the outbox may have kept it) */
  requestId?: string;
}

interface LocaleChoice extends Operation {
  /** the language just picked: the UI shows it while the profile patch runs */
  requested: string | null;
  /** a visitor's own choice (a user's lives in the profile) */
  visitor: string | null;
}

export interface ProfileState extends Operation {
  /** the user the profile belongs to */
  owner: string | null;
  data: Profile | null;
  /** the profile schema's field headers, asked for once (protocol §23.21) */
  headers: Record<string, unknown> | null;
  patch: Operation;
  create: Operation;
  locale: LocaleChoice;
}

/** No request made yet, or its answer folded. */
export const idle: Operation = { status: 'unknown', error: null };

export const initialProfileState: ProfileState = {
  ...idle,
  owner: null,
  data: null,
  headers: null,
  patch: idle,
  create: idle,
  locale: { ...idle, requested: null, visitor: null },
};
