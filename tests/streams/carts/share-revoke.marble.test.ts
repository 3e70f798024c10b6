import { describe, expect, it } from 'vitest';
import { cartsDomain } from '../../../streams/carts/domain';
import { shareRevokeRequested, sharesListRequested } from '../../../streams/carts/share-events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest } from '../../../streams/core/http';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const listed = [
  { uuid: 'u-1', url: 'http://x/share/u-1' },
  { uuid: 'u-2', url: 'http://x/share/u-2' },
];

/** Lists two links of cart 1, then revokes `u-1` twice in a row; the revoke answers `revoke`. */
function revokeAgainst(revoke: 'ok' | 'refused') {
  const scheduler = marbleScheduler();
  const http = fakeHttp();
  let state: RootState | undefined;
  scheduler.run(({ cold, hot }) => {
    http.request = ((request: HttpRequest<unknown>) => {
      http.requests.push(request);
      if (request.path.endsWith('/listShares')) return cold('-r|', { r: { status: 200, data: listed } });
      return revoke === 'ok'
        ? cold('---r|', { r: { status: 200, data: undefined } })
        : cold('---#', {}, new AppError({ code: 'error.http.404', message: 'Unknown share', status: 404 }));
    }) as typeof http.request;
    const store = epicStore(testDeps({ scheduler, http }), domainEpics<RootState>(cartsDomain));
    hot('a--bc').subscribe((step) =>
      store.dispatch(
        step === 'a'
          ? sharesListRequested({ cartId: '1', link: 'http://x/share/{uuid}' })
          : shareRevokeRequested({ cartId: '1', uuid: 'u-1' }),
      ),
    );
    scheduler.schedule(() => {
      state = store.getState();
    }, 20);
  });
  return { http, state: state! };
}

describe('"Revoke link": shared again with expires in the past (issue 28; the protocol has no revoke call)', () => {
  it('sends shareCart with the uuid and expires 0 once while it is on its way, then takes the link off the list', () => {
    const { http, state } = revokeAgainst('ok');
    const sent = http.requests.filter((request) => request.path.startsWith('/wedia/cart/shareCart/'));
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/wedia/cart/shareCart/1', { json: { uuid: 'u-1', expires: 0 } }],
    ]);
    expect(state.carts.sharesOf['1']?.list.map((share) => share.uuid)).toEqual(['u-2']);
  });

  it('a refused revoke keeps the link listed and says why', () => {
    const { state } = revokeAgainst('refused');
    expect(state.carts.sharesOf['1']?.list.map((share) => share.uuid)).toEqual(['u-1', 'u-2']);
    expect(state.carts.sharesOf['1']?.error).toMatchObject({ message: 'Unknown share' });
  });
});
