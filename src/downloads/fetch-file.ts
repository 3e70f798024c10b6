import { Observable } from 'rxjs';
import { AppError } from '../../streams/core/errors';

/**
 * The live `downloads.fetchFile` (streams/core/deps.ts): fetches a zip in the page, reporting the
 * bytes as they arrive, then saves it under `fileName` through a link with the `download`
 * attribute (the name the browser keeps, whatever the server's Content-Disposition says).
 * Unsubscribing aborts the fetch. Loaded lazily by the live deps, with the first zip fetched.
 */
export function fetchFile(url: string, fileName: string): Observable<{ loaded: number; total: number }> {
  return new Observable((subscriber) => {
    const abort = new AbortController();
    const fail = (message: string, status?: number) =>
      subscriber.error(
        new AppError({ code: 'error.download.fetch', message, ...(status === undefined ? {} : { status }) }),
      );
    (async () => {
      const response = await fetch(url, { signal: abort.signal, credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        const text = (await response.text().catch(() => '')).trim().slice(0, 300);
        fail(text || `HTTP ${response.status}`, response.status);
        return;
      }
      const declared = Number(response.headers.get('Content-Length'));
      const total = Number.isFinite(declared) && declared > 0 ? declared : -1;
      const chunks: Uint8Array[] = [];
      let loaded = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.length;
        subscriber.next({ loaded, total });
      }
      const type = response.headers.get('Content-Type') ?? 'application/zip';
      const href = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = fileName;
      anchor.hidden = true;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // the browser has taken the file when the click returns; the blob can go a little later
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      subscriber.complete();
    })().catch((thrown: unknown) => {
      if (abort.signal.aborted) return;
      fail(thrown instanceof Error ? thrown.message : String(thrown));
    });
    return () => abort.abort();
  });
}
