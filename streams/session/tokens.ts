import * as z from 'zod/mini';
import type { Observable } from 'rxjs';
import type { Deps } from '../core/deps';
import { AppError, ERROR_CODES, type SerializedError } from '../core/errors';
import type { Token } from '../core/session-vault';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { HttpRequest } from '../core/http';
import { requestAnswer } from '../core/request';
import { jwtTimes, type TokenAnswer } from './api';
import { signedOut, tokenReceived } from './events';

export type SurferKind = 'user' | 'application';

/** A token answer made whole: `iat`/`exp` from the JWT when the body lacks them (protocol §3.1). */
function tokenFromAnswer(answer: TokenAnswer, previous: Token | null): Token {
  const times = { ...jwtTimes(answer.accessToken), ...definedTimes(answer) };
  if (times.iat === undefined || times.exp === undefined || times.exp <= times.iat)
    throw new AppError({
      code: ERROR_CODES.invalidResponse,
      message: 'The token answer has no valid iat and exp',
    });
  return {
    tokenType: answer.tokenType ?? previous?.tokenType ?? 'Bearer',
    // cookie mode answers only the times: the session itself lives in the cookie
    accessToken: answer.accessToken ?? previous?.accessToken ?? '',
    refreshToken: answer.refreshToken ?? previous?.refreshToken ?? '',
    iat: times.iat,
    exp: times.exp,
  };
}

function definedTimes(answer: TokenAnswer): { iat?: number; exp?: number } {
  return {
    ...(answer.iat !== undefined && { iat: answer.iat }),
    ...(answer.exp !== undefined && { exp: answer.exp }),
  };
}

/**
 * Puts a token where `http` reads it; a user's refresh token also survives a reload (bearer mode),
 * and the whole token is where the other tabs re-read it (issue 25: a refresh spends the pair they hold).
 */
function keepToken({ session, storage, config }: Deps, surfer: SurferKind, token: Token): void {
  if (surfer === 'user') {
    session.userToken = token;
    if (!session.connection.cookieAuth && token.refreshToken) {
      storage.setItem(config.refreshTokenStorageKey, token.refreshToken);
      storage.setItem(config.userTokenStorageKey, JSON.stringify(token));
    }
  } else {
    session.applicationToken = token;
  }
}

export function dropToken({ session, storage, config }: Deps, surfer: SurferKind): void {
  if (surfer === 'user') {
    session.userToken = null;
    storage.removeItem(config.refreshTokenStorageKey);
    storage.removeItem(config.userTokenStorageKey);
    storage.removeItem(config.keptIdentityStorageKey);
  } else {
    session.applicationToken = null;
  }
}

const storedTokenSchema = z.object({
  tokenType: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  iat: z.number(),
  exp: z.number(),
});

/**
 * Another tab obtained the user's token (issue 25): this tab takes it from where that tab kept it
 * (bearer), or holds its times (cookie mode: the cookie is the browser's, already shared).
 */
export function adoptToken({ session, storage, config }: Deps, times: Pick<Token, 'iat' | 'exp'>): void {
  if (session.connection.cookieAuth) {
    session.userToken = { tokenType: 'Bearer', accessToken: '', refreshToken: '', ...times };
    return;
  }
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage.getItem(config.userTokenStorageKey) ?? 'null');
  } catch {
    // a value that is not a token (written by hand, masked in a re-simulation): nothing to adopt
  }
  const parsed = storedTokenSchema.safeParse(stored);
  if (parsed.success) session.userToken = parsed.data;
}

/** The user's token is dropped here; afterwards the application signs in again or who-am-I is asked. */
export function signOutHere(deps: Deps, origin: AnyEvent, cookieAuth: boolean): UnstampedEvent {
  dropToken(deps, 'user');
  const next = cookieAuth || !deps.session.applicationToken ? 'applicationSignIn' : 'whoAmI';
  return signedOut({ next }, origin);
}

export function heldToken({ session }: Deps, surfer: SurferKind): Token | null {
  return surfer === 'user' ? session.userToken : session.applicationToken;
}

export function storedRefreshToken({ storage, config }: Deps): string | null {
  return storage.getItem(config.refreshTokenStorageKey);
}

/** protocol §3.4: the refresh fires after a share of the lifetime, 20 % bearer, 80 % cookie. */
export function refreshDelayMs({ session, config }: Deps, token: Pick<Token, 'iat' | 'exp'>): number {
  const ratio = session.connection.cookieAuth ? config.cookieRefreshRatio : config.bearerRefreshRatio;
  return Math.round((token.exp - token.iat) * ratio * 1000);
}

/**
 * Signs in (or refreshes) and keeps the token; the answer event carries only its times. An answer
 * without valid times is a failure like any other.
 */
export function obtainToken(
  deps: Deps,
  surfer: SurferKind,
  request: HttpRequest<TokenAnswer>,
  via: 'signIn' | 'autoConnect' | 'refresh',
  origin: AnyEvent,
  failed: (error: SerializedError) => UnstampedEvent | readonly UnstampedEvent[],
): Observable<UnstampedEvent> {
  return requestAnswer(
    deps.http,
    request,
    (data) => {
      const token = tokenFromAnswer(data, via === 'refresh' ? heldToken(deps, surfer) : null);
      keepToken(deps, surfer, token);
      return tokenReceived({ surfer, iat: token.iat, exp: token.exp, via }, origin);
    },
    failed,
  );
}
