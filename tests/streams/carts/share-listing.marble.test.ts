import { describe, expect, it } from 'vitest';
import { cartsDomain } from '../../../streams/carts/domain';
import { shareCreated, shareRequested, sharesListRequested } from '../../../streams/carts/share-events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest } from '../../../streams/core/http';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const allCarts = domainEpics<RootState>(cartsDomain);
const refused = (status: number) =>
  new AppError({
    code: `error.http.${status}`,
    message: 'Not Found',
    status,
    body: { error: String(status) },
  });

/** Opens the share dialog twice and shares a link, with `listShares` answered by `status`. */
function dialogAgainst(status: number) {
  const scheduler = marbleScheduler();
  const http = fakeHttp();
  let state: RootState | undefined;
  const types: string[] = [];
  scheduler.run(({ cold, hot }) => {
    http.request = ((request: HttpRequest<unknown>) => {
      http.requests.push(request);
      if (request.path.endsWith('/listShares')) return cold('-#', {}, refused(status));
      if (request.path.includes('/shareCart/')) {
        return cold('-r|', { r: { status: 200, data: { uuid: 'u-9', url: 'http://x/share/u-9' } } });
      }
      return cold('-r|', { r: { status: 200, data: [] } });
    }) as typeof http.request;
    const store = epicStore(testDeps({ scheduler, http }), allCarts);
    store.event$.subscribe((event) => types.push(event.type));
    hot('a--b--c').subscribe((step) => {
      if (step === 'c') {
        store.dispatch(
          shareRequested({
            cartId: '1',
            mode: 'link',
            description: '',
            expires: null,
            actions: ['view'],
            collaborators: [],
            askForPassword: false,
            withAssetsDescriptions: true,
            profile: null,
            url: 'http://x/share/{uuid}',
          }),
        );
      } else store.dispatch(sharesListRequested({ cartId: '1', link: 'http://x/share/{uuid}' }));
    });
    scheduler.schedule(() => {
      state = store.getState();
    }, 20);
  });
  return { http, state: state!, types };
}

describe('the Share dialog does not depend on listShares, a demo extension (issue 12 item 14)', () => {
  it.each([404, 403, 405, 501])(
    'a server that refuses it (%i) leaves the links out, not in error, is not asked again, and sharing works',
    (status) => {
      const { http, state, types } = dialogAgainst(status);
      expect(state.carts.sharesOf['1']).toMatchObject({ status: 'not_found', error: null });
      expect(http.requests.filter((request) => request.path.endsWith('/listShares'))).toHaveLength(1);
      expect(types).toContain(shareCreated.type);
      expect(state.carts.shareDialog['1']?.status).toBe('loaded');
    },
  );

  it('a transient failure (500) stays an error the dialog can retry', () => {
    const { http, state } = dialogAgainst(500);
    expect(state.carts.sharesOf['1']?.status).toBe('error');
    expect(http.requests.filter((request) => request.path.endsWith('/listShares'))).toHaveLength(2);
  });
});
