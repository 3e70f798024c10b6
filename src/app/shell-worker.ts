/**
 * Registers the service worker that loads the built shell offline (`public/sw.js`, issue 25), and
 * tells it the hashed files this page loaded before it controlled the page. Production builds
 * only: a development server's files are not hashed, and it must never serve them stale.
 */
export function registerShellWorker(container: ServiceWorkerContainer, base: string): void {
  container
    .register(`${base}sw.js`)
    .then(() => container.ready)
    .then((registration) => {
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith(`${base}assets/`));
      registration.active?.postMessage({ assets });
    })
    // without a worker the portal works as before, only not offline
    .catch(() => undefined);
}
