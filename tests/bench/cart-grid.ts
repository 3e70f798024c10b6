import { performance } from 'node:perf_hooks';
import { cartCursorName } from '../../streams/carts/cart-cursor';
import { chunkActivated, chunkRequested, itemsListed } from '../../streams/carts/content-events';
import { pageLoaded } from '../../streams/cursors/events';
import { selectContent, selectItemGroups } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { initialRootState } from '../../streams/root';
import { allDomains, rootReducer } from '../helpers/all-domains';
import { whoAmILoaded } from '../../streams/session/events';
import { storeWithoutEpics } from '../helpers/store-without-epics';
import { withHappyDom } from './happy-dom-react';

export interface CartGridFigures {
  /** from the cart's ids and its first chunk arriving to the first tiles in the DOM */
  firstTilesMs: number;
  tilesInDom: number;
  /** a jump to the middle of the cart: render time and tiles in the DOM */
  scrollMs: number;
  tilesAfterScroll: number;
}

/**
 * A cart of `count` items in the virtualised grid of the cart screen, rendered by React into
 * happy-dom (no layout: the grid uses its fallback viewport of 1024×600 px).
 */
export async function benchCartGrid(count: number): Promise<CartGridFigures> {
  return withHappyDom(async (window) => {
    // React DOM decides at import time whether it runs in a browser: import it once the DOM is there
    const [
      { createElement },
      { createRoot },
      { flushSync },
      { PortalProvider },
      { CartItems },
      { useAppState },
    ] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('react-dom'),
      import('../../src/app/store-context'),
      import('../../src/carts/cart-items'),
      import('../../src/hooks/use-app-state'),
    ]);
    const ids = Array.from({ length: count }, (_, index) => String(index + 1));
    const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
    store.dispatch(whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }));

    function Grid() {
      const groups = useAppState(selectItemGroups, 'huge');
      const content = useAppState(selectContent, 'huge');
      return createElement(CartItems, {
        cartId: 'huge',
        groups,
        content,
        imageOf: () => '',
        canChange: true,
      });
    }

    const container = window.document.createElement('div');
    window.document.body.append(container as never);
    const root = createRoot(container as unknown as HTMLElement);
    // the first chunk's page of the cart's list query, as the server sends its rows
    const firstChunk = ids.slice(0, config.cartCursorMax).map((id) => ({
      id,
      $resource: 'asset',
      name: `asset-${id}.jpg`,
      mimetype: 'image/jpeg',
      assetnature: { code: 'image' },
      filesize: 1000,
      width: 800,
      height: 600,
    }));
    const cart = {
      id: 'huge',
      name: 'Huge',
      description: '',
      isPrivate: true,
      type: '',
      expires: null,
      collaborators: [],
      collaboratorNames: {},
      isMine: true,
      modified: null,
      ownerName: '',
      items: { asset: ids },
      total: count,
    };

    const start = performance.now();
    store.dispatch(itemsListed({ cart, huge: true, chunkSize: config.cartCursorMax }));
    store.dispatch(chunkRequested({ cartId: 'huge', index: 0 }));
    store.dispatch(chunkActivated({ cartId: 'huge', index: 0 }));
    store.dispatch(
      pageLoaded({
        name: cartCursorName('huge'),
        page: 'first',
        signature: 'bench',
        resource: 'asset',
        rows: firstChunk,
        total: firstChunk.length,
        count: firstChunk.length,
        nextResultsToken: null,
        aggregates: null,
      }),
    );
    flushSync(() =>
      root.render(
        createElement(PortalProvider, {
          value: { store, domains: allDomains, exportEventLog: async () => '' },
          children: createElement(Grid),
        }),
      ),
    );
    const firstTilesMs = performance.now() - start;
    const tilesInDom = container.querySelectorAll('[role="gridcell"]').length;

    const scroller = container.querySelector('.virtual-grid') as unknown as HTMLElement;
    const cells = () => [...container.querySelectorAll('[role="gridcell"]')];
    const firstDrawn = () => Math.min(...cells().map((cell) => Number(cell.getAttribute('data-index'))));
    const drawnBefore = firstDrawn();
    const scrollStart = performance.now();
    scroller.scrollTop = 500_000;
    scroller.dispatchEvent(new window.Event('scroll') as unknown as Event);
    // a scroll is a continuous event: React draws it on a later task, which this waits for
    for (let wait = 0; wait < 50 && firstDrawn() === drawnBefore; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const scrollMs = performance.now() - scrollStart;
    if (firstDrawn() === drawnBefore) throw new Error('the jump to the middle was not drawn');
    const tilesAfterScroll = cells().length;
    root.unmount();
    // React's scheduler finishes on a later tick: the DOM stays until then
    await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      firstTilesMs: Math.round(firstTilesMs * 10) / 10,
      tilesInDom,
      scrollMs: Math.round(scrollMs * 10) / 10,
      tilesAfterScroll,
    };
  });
}
