import { Observable } from 'rxjs';
import type { UploadReport } from '../../streams/core/deps';
import { createHttp, type FetchLike, type HttpRequest } from '../../streams/core/http';
import type { SessionVault } from '../../streams/core/session-vault';

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A request sent through XMLHttpRequest, which reports the bytes sent (fetch does not): the
 * headers, the url and the reading of the answer are `createHttp`'s, so an upload fails, and is
 * signed, like every other call. Loaded lazily by the live deps (the import screen only).
 */
export function sendWithProgress<T>(
  session: SessionVault,
  request: HttpRequest<T>,
): Observable<UploadReport<T>> {
  return new Observable<UploadReport<T>>((subscriber) => {
    const fetchImpl: FetchLike = (url, init) =>
      new Promise<Response>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(init.method ?? 'GET', url);
        xhr.withCredentials = init.credentials === 'include';
        for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
          xhr.setRequestHeader(key, value);
        xhr.upload.onprogress = (progress) => {
          subscriber.next({
            kind: 'progress',
            loaded: progress.loaded,
            total: progress.lengthComputable ? progress.total : 0,
          });
        };
        xhr.onload = () => {
          const type = xhr.getResponseHeader('Content-Type') ?? 'text/plain';
          resolve(
            new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
              status: xhr.status,
              headers: { 'Content-Type': type },
            }),
          );
        };
        xhr.onerror = () => reject(new TypeError('Network error: the upload could not reach the server'));
        xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
        init.signal?.addEventListener('abort', () => xhr.abort());
        xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
      });
    const subscription = createHttp(session, fetchImpl)
      .request(request)
      .subscribe({
        next: (answer) => subscriber.next({ kind: 'answer', status: answer.status, data: answer.data }),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    return () => subscription.unsubscribe();
  });
}
