import type { SerializedError } from '../core/errors';

/**
 * Codes for the refusals whose cause the portal knows: a sign-in or a password change sends the
 * credentials itself, so a 401 or a plain 403 answer to it can only mean they are wrong. Left as
 * `error.rest.401`, the view could only say "the data service refused the request" (issue 28).
 */
export const REFUSAL_CODES = {
  wrongCredentials: 'error.signin.refused',
  wrongCurrentPassword: 'error.password.refused',
} as const;

/** A 403/2 is not a refusal of the credentials: they were right, and the password must change. */
function refusesCredentials(error: SerializedError): boolean {
  return error.status === 401 || (error.status === 403 && error.restCode !== '403/2');
}

/** The failure re-coded when the server refused the credentials; status, body and message are kept. */
export function asCredentialsRefusal(
  error: SerializedError,
  code: (typeof REFUSAL_CODES)[keyof typeof REFUSAL_CODES],
): SerializedError {
  return refusesCredentials(error) ? { ...error, code } : error;
}
