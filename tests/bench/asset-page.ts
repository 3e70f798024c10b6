import { performance } from 'node:perf_hooks';
import { loaded, variationsLoaded } from '../../streams/entities/events';
import { navigated } from '../../streams/router/events';
import { whoAmILoaded } from '../../streams/session/events';
import { assetEventsLoaded } from '../../streams/analytics/events';
import { initialRootState } from '../../streams/root';
import { allDomains, rootReducer } from '../helpers/all-domains';
import { storeWithoutEpics } from '../helpers/store-without-epics';
import { withHappyDom } from './happy-dom-react';

export interface AssetPageFigures {
  runs: number;
  /** median, from the entity's answer to the preview picture in the DOM and its load handled */
  medianMs: number;
  slowestMs: number;
}

const ASSET_PATH = 'dam/data/asset';

/**
 * The asset page (`/assets/asset/:id`) rendered by React into happy-dom: the page is mounted
 * while the entity loads (its skeleton), then the entity's answer is folded and the time is
 * taken until the preview `img` named by the asset is in the DOM and its `load` has been handled
 * (happy-dom fetches no picture: the event is sent by hand, as the browser would once painted).
 * Variations and usage are in the state already. A fresh page per run; the median of `runs`.
 */
export async function benchAssetPage(runs = 30): Promise<AssetPageFigures> {
  return withHappyDom(async (window) => {
    const [
      { createElement },
      { createRoot },
      { flushSync },
      { PortalProvider },
      { AssetPage },
      { Route, Router },
      { useStoreLocation, useStoreSearch },
    ] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('react-dom'),
      import('../../src/app/store-context'),
      import('../../src/assets/asset-page'),
      import('wouter'),
      import('../../src/hooks/use-store-location'),
    ]);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const id = String(run + 1);
      const name = `Evening stage ${id}`;
      const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
      store.dispatch(
        whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, role: { watermark: false } } }),
      );
      store.dispatch(navigated({ path: `/assets/asset/${id}`, search: '', via: 'link' }));
      store.dispatch(
        variationsLoaded({
          resource: 'asset',
          id,
          variations: ['original', 'preview', 'thumbnailBig', 'thumbnailsmall'].map((variation) => ({
            name: variation,
            width: 1200,
            height: 800,
          })),
        }),
      );
      store.dispatch(
        assetEventsLoaded({
          resource: 'asset',
          id,
          list: [
            { key: 'view', count: 12 },
            { key: 'download', count: 3 },
          ],
        }),
      );
      const container = window.document.createElement('div');
      window.document.body.append(container as never);
      const root = createRoot(container as unknown as HTMLElement);
      flushSync(() =>
        root.render(
          createElement(PortalProvider, {
            value: { store, domains: allDomains, exportEventLog: async () => '' },
            children: createElement(Router, {
              hook: useStoreLocation,
              searchHook: useStoreSearch,
              children: createElement(Route, { path: '/assets/:resource/:id', component: AssetPage }),
            }),
          }),
        ),
      );
      let painted = false;
      const onPainted = () => {
        painted = true;
      };
      window.performance.clearMarks?.();
      const started = performance.now();
      flushSync(() =>
        store.dispatch(
          loaded({
            path: ASSET_PATH,
            id,
            data: {
              id: Number(id),
              name,
              $resource: 'asset',
              assetnature: { id: 1, code: 'image', name: 'Image' },
              mimetype: 'image/jpeg',
              width: 6000,
              height: 4000,
            },
          }),
        ),
      );
      const img = container.querySelector(`img[alt="${name}"]`);
      if (!img) throw new Error('no preview after the entity loaded');
      img.addEventListener('load', onPainted);
      flushSync(() => {
        img.dispatchEvent(new window.Event('load'));
      });
      times.push(performance.now() - started);
      if (!painted) throw new Error('the preview load was not handled');
      flushSync(() => root.unmount());
      container.remove();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      runs,
      medianMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      slowestMs: round(sorted[sorted.length - 1] ?? 0),
    };
  });
}
