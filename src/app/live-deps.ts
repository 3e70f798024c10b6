import { asyncScheduler, from, fromEvent, map, Observable, switchMap } from 'rxjs';
import { config } from '../../streams/core/config';
import { type BrowserLocation, type Deps, sequentialIds } from '../../streams/core/deps';
import { AppError } from '../../streams/core/errors';
import { createHttp } from '../../streams/core/http';
import type { SessionVault } from '../../streams/core/session-vault';

export function currentLocation(): BrowserLocation {
  return { path: window.location.pathname, search: window.location.search };
}

/** The deps of a real browser session. */
export function createLiveDeps(session: SessionVault): Deps {
  // a per-tab prefix keeps event ids unique across the logs of several tabs
  const tab = Math.random().toString(36).slice(2, 8);
  return {
    http: createHttp(session, (input, init) => window.fetch(input, init)),
    scheduler: asyncScheduler,
    clock: { now: () => asyncScheduler.now() },
    ids: sequentialIds(`${tab}-`),
    storage: window.localStorage,
    session,
    history: {
      current: currentLocation,
      push: ({ path, search }) => window.history.pushState(null, '', `${path}${search}`),
      replace: ({ path, search }) => window.history.replaceState(null, '', `${path}${search}`),
      popped$: fromEvent(window, 'popstate').pipe(map(currentLocation)),
    },
    downloads: {
      open(url, fileName) {
        const anchor = document.createElement('a');
        anchor.href = url;
        if (fileName) anchor.download = fileName;
        anchor.rel = 'noopener';
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
      },
      start(url) {
        // a hidden frame loads the url: a file becomes a download and the frame stays empty; a
        // page in it (the server's error, the browser's own error page) means the file never came
        return new Observable<never>((subscriber) => {
          const frame = document.createElement('iframe');
          frame.hidden = true;
          frame.addEventListener('load', () => {
            let message = 'The browser could not fetch the file';
            try {
              const text = frame.contentDocument?.body?.textContent?.trim();
              if (text) message = text.slice(0, 300);
            } catch {
              // another origin's page: its text cannot be read
            }
            frame.remove();
            subscriber.error(new AppError({ code: 'error.download.fetch', message }));
          });
          frame.src = url;
          document.body.append(frame);
        });
      },
      // the page's own fetch of a zip (bytes and file name) loads with the first zip, not with the portal
      fetchFile: (url, fileName) =>
        from(import('../downloads/fetch-file')).pipe(switchMap((module) => module.fetchFile(url, fileName))),
    },
    files: new Map(),
    // the XHR transport (upload progress) loads with the first upload, not with the portal
    uploads: {
      send: (request) =>
        from(import('./upload-transport')).pipe(
          switchMap((module) => module.sendWithProgress(session, request)),
        ),
    },
    scripts: { isLoaded: (name) => (window as unknown as Record<string, unknown>)[name] !== undefined },
    config,
  };
}
