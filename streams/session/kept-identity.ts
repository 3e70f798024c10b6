import { ignoreElements, tap } from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { type Me, meSchema } from './api';
import { whoAmILoaded } from './events';
import { userIdOf, type WithSession } from './selectors';

/**
 * Issue 25, offline reading: a reload with no network still knows who is signed in. The user's
 * last who-am-I is kept beside their refresh token and forgotten with it (`dropToken`).
 */

/** Every who-am-I naming a user is kept; one naming the application or a visitor is not. */
export const keepIdentity: Epic<WithSession> = (event$, _state$, { storage, config }) =>
  event$.pipe(
    ofType(whoAmILoaded),
    tap(({ payload }) => {
      if (userIdOf(payload.me) === null) storage.removeItem(config.keptIdentityStorageKey);
      else storage.setItem(config.keptIdentityStorageKey, JSON.stringify(payload.me));
    }),
    ignoreElements(),
  );

/** The kept user, read back; a value that no longer fits or names no user is none. */
export function keptIdentity({ storage, config }: Deps): Me | null {
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage.getItem(config.keptIdentityStorageKey) ?? 'null');
  } catch {
    // written by hand or masked in a re-simulation: nothing kept
  }
  const parsed = meSchema.safeParse(stored);
  return parsed.success && userIdOf(parsed.data) !== null ? parsed.data : null;
}
