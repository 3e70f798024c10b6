import { type Observable, of, throwError } from 'rxjs';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';

/** A token answer of protocol §3.1 with the given times (seconds). */
export function tokenAnswer(iat: number, exp: number, name = 'x') {
  return { tokenType: 'Bearer', accessToken: `access-${name}`, refreshToken: `refresh-${name}`, iat, exp };
}

/** The fields of a multipart body, for assertions on what a request sent. */
export function multipartOf(request: HttpRequest<unknown>): Record<string, unknown> {
  return request.body && 'multipart' in request.body ? request.body.multipart : {};
}

/** A vault with the demo application's credentials, in bearer mode unless told otherwise. */
export function demoVault(mode: { cookieAuth?: boolean } = {}): SessionVault {
  const vault = new SessionVault();
  vault.connection = { apiPath: 'http://dam.test', cookieAuth: mode.cookieAuth ?? false, sessionAuth: false };
  vault.application = { name: 'wedia-demo', key: 'demo-key', secret: 'demo-secret' };
  return vault;
}

export const networkError = () => new AppError({ code: 'error.network', message: 'Failed to fetch' });
export const httpError = (status: number, message = 'refused', restCode?: string) =>
  new AppError({
    code: restCode ? `error.rest.${restCode}` : `error.http.${status}`,
    message,
    status,
    ...(restCode && { restCode }),
  });

/** A server that answers at once: timings then come from the epics alone. */
export const answer = <T>(data: T): Observable<HttpResponse<T>> => of({ status: 200, data });
export const failure = (error: AppError): Observable<never> => throwError(() => error);
