import { describe, expect, it } from 'vitest';
import { cartsDomain } from '../../../streams/carts/domain';
import { sharedCartOpened, shareRequested } from '../../../streams/carts/share-events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const allCarts = domainEpics<RootState>(cartsDomain);
const sharedAnswer = {
  id: 'u-1',
  name: 'Shared',
  items: { asset: [{ id: 11, name: 'a.jpg' }] },
  share: { uuid: 'u-1', actions: ['view', 'download'], hasPassword: true },
};
const refusal = (status: number) =>
  new AppError({
    code: `error.http.${status}`,
    message: status === 401 ? 'password required' : 'nope',
    status,
    body: { error: String(status), message: status === 401 ? 'password required' : 'nope' },
  });

/** Opens a share whose answers are given in order, typing `password` into the vault before the nth try. */
function openShare(
  answers: Array<'ok' | 401 | 404 | 500 | 'network'>,
  passwordBefore: Record<number, string> = {},
) {
  const scheduler = marbleScheduler();
  const session = new SessionVault();
  const http = fakeHttp();
  const statuses: string[] = [];
  const events: AnyEvent[] = [];
  let state: RootState | undefined;
  scheduler.run(({ hot, cold }) => {
    let call = 0;
    http.request = ((request: HttpRequest<unknown>) => {
      http.requests.push(request);
      const answer = answers[call++];
      if (answer === 'ok') return cold('-r|', { r: { status: 200, data: sharedAnswer } });
      if (answer === 'network')
        return cold('-#', {}, new AppError({ code: 'error.network', message: 'Failed to fetch' }));
      return cold('-#', {}, refusal(answer ?? 500));
    }) as typeof http.request;
    const store = epicStore(testDeps({ scheduler, http, session }), allCarts);
    store.state$.subscribe((current) => statuses.push(current.carts.shared['u-1']?.status ?? 'unknown'));
    store.event$.subscribe((event) => events.push(event));
    const keys = answers.map((_, index) => String.fromCharCode(97 + index));
    hot(keys.join('--'), Object.fromEntries(keys.map((key, index) => [key, index]))).subscribe((index) => {
      // the visitor types the password: it goes to the vault, the event only says there is one
      const password = passwordBefore[index];
      if (password !== undefined) session.setSharePassword('u-1', password);
      store.dispatch(sharedCartOpened({ uuid: 'u-1', withPassword: password !== undefined }));
    });
    scheduler.schedule(
      () => {
        state = store.getState();
      },
      answers.length * 3 + 2,
    );
  });
  return { http, statuses, state: state!, events };
}

describe('opening a shared cart (protocol §6.4, §23.4, §23.5)', () => {
  it('sends no Authorization without a password; a 401 keeps its body in error, then the password goes as Basic', () => {
    const { http, statuses, state, events } = openShare([401, 'ok'], { 1: 'k7mq-ta2x' });
    expect(http.requests[0]?.sharePassword).toBeUndefined();
    // not even the session's bearer (protocol §6.4, §23.4)
    expect(http.requests[0]?.anonymous).toBe(true);
    expect(http.requests[0]?.query).toEqual({ no_preview: true });
    expect(http.requests[1]?.sharePassword).toBe('k7mq-ta2x');
    expect([...new Set(statuses)]).toEqual(['unknown', 'initial', 'error', 'loaded']);
    expect(state.carts.shared['u-1']?.keys).toEqual(['asset/11']);
    expect(state.carts.shared['u-1']?.share?.actions).toEqual(['view', 'download']);
    // the password never travels in an event
    expect(JSON.stringify(events)).not.toContain('k7mq-ta2x');
  });

  it('a second 401, after a password, is a wrong password', () => {
    const { state } = openShare([401, 401], { 1: 'wrong' });
    expect(state.carts.shared['u-1']).toMatchObject({ status: 'error', withPassword: true });
    expect(state.carts.shared['u-1']?.error).toMatchObject({
      status: 401,
      body: { message: 'password required' },
    });
  });

  it('404 (unknown or expired), 500 and a network failure all give error, never loaded', () => {
    for (const failure of [404, 500, 'network'] as const) {
      const { statuses, state } = openShare([failure]);
      expect(statuses).not.toContain('loaded');
      expect(state.carts.shared['u-1']?.status).toBe('error');
    }
    expect(openShare([404]).state.carts.shared['u-1']?.error).toMatchObject({
      status: 404,
      body: { error: '404' },
    });
    expect(openShare(['network']).state.carts.shared['u-1']?.error?.code).toBe('error.network');
  });

  it('runs again only from unknown or error: a second open while one runs is skipped', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return cold('---r|', { r: { status: 200, data: sharedAnswer } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), allCarts);
      const open = sharedCartOpened({ uuid: 'u-1', withPassword: false });
      hot('ab------c', { a: open, b: open, c: open }).subscribe(store.dispatch);
    });
    expect(http.requests).toHaveLength(1);
  });
});

describe('sharing a cart (protocol §6.1)', () => {
  it('keeps the issued password in the vault and out of events; the event only says there is one', () => {
    const scheduler = marbleScheduler();
    const session = new SessionVault();
    const events: AnyEvent[] = [];
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return cold('-r|', {
          r: {
            status: 200,
            data: { uuid: 'u-9', url: 'http://portal/share/u-9', password: 'abcd-efgh-jkmn' },
          },
        });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http, session }), allCarts);
      store.event$.subscribe((event) => events.push(event));
      hot('a', {
        a: shareRequested({
          cartId: '1',
          mode: 'link',
          description: 'For the agency',
          expires: null,
          actions: ['view', 'download'],
          collaborators: [],
          askForPassword: true,
          withAssetsDescriptions: true,
          profile: null,
          url: 'http://portal/share/{uuid}',
        }),
      }).subscribe(store.dispatch);
    });
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      path: '/wedia/cart/shareCart/1',
      body: {
        json: {
          description: 'For the agency',
          expires: null,
          actions: ['view', 'download'],
          collaborators: [],
          askForPassword: true,
          withAssetsDescriptions: true,
          url: 'http://portal/share/{uuid}',
        },
      },
    });
    expect(session.sharePassword('u-9')).toBe('abcd-efgh-jkmn');
    expect(JSON.stringify(events)).not.toContain('abcd-efgh-jkmn');
    expect(events.at(-1)?.payload).toMatchObject({ cartId: '1', share: { uuid: 'u-9', hasPassword: true } });
  });
});
