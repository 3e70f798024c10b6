import { filter, NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type Config, config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { playersDomain } from '../../../streams/players/domain';
import {
  descriptionRequested,
  embedRequested,
  playerRequested,
  scriptAwaited,
} from '../../../streams/players/events';
import { selectMediaDescription, selectPlayer, selectPlayerScript } from '../../../streams/players/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(
  scheduler: TestScheduler,
  answer: (request: HttpRequest<unknown>) => Observable<Response>,
  overrides: { config?: Partial<Config>; loadedAt?: (name: string, now: number) => boolean } = {},
) {
  const calls: Array<{ at: number; path: string }> = [];
  const http = fakeHttp((request) => {
    calls.push({ at: scheduler.now(), path: request.path });
    return answer(request);
  });
  const loadedAt = overrides.loadedAt;
  const deps = testDeps({
    scheduler,
    http,
    config: overrides.config,
    scripts: { isLoaded: (name) => loadedAt?.(name, scheduler.now()) ?? false },
  });
  const store = epicStore(deps, domainEpics<RootState>(playersDomain));
  return { store, calls, http };
}

/** the script wait's outcomes only */
const outcomes = (store: ReturnType<typeof setup>['store']) =>
  typesOf(store, 'players/script').pipe(filter((type) => type !== 'players/scriptAwaited'));

const player = playerRequested({ resource: 'asset', id: '12', width: '100%', height: '100%' });
const description = descriptionRequested({ resource: 'asset', id: '12' });

describe('players: caches of protocol §1.10 on the scheduler', () => {
  it(`asks a player once inside ${config.playerCacheMs} ms, again after`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, calls } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { Dom: '<div/>' } } }),
      );
      const inside = config.playerCacheMs - 1000;
      hot(`a ${inside}ms b ${config.playerCacheMs}ms c`, { a: player, b: player, c: player }).subscribe(
        store.dispatch,
      );
      flush();
      expect(calls.map(({ at }) => at)).toEqual([0, inside + 2 + config.playerCacheMs]);
      const entry = selectPlayer(store.state$.value, 'asset', '12');
      expect(entry?.status).toBe('loaded');
      expect(entry?.data).toEqual({ Dom: '<div/>' });
      expect(entry?.fetchedAt).toBe(inside + 2 + config.playerCacheMs + 10);
    });
  });

  it('percent-encodes 100% and sends the player params (protocol §13.1)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, http } = setup(scheduler, () => NEVER);
      hot('a', { a: player }).subscribe(store.dispatch);
      flush();
      expect(http.requests[0]).toMatchObject({
        method: 'GET',
        path: '/wedia/evp/htmlAndJsPlayer.json',
        query: { object: 'asset', id: '12', width: '100%', height: '100%' },
      });
      expect(store.state$.value.players.keyOf['player:asset|12']).toBe(
        '/wedia/evp/htmlAndJsPlayer.json?object=asset&id=12&width=100%25&height=100%25',
      );
      expect(selectPlayer(store.state$.value, 'asset', '12')?.status).toBe('fetching');
    });
  });

  it('skips a second ask while the first is fetching', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, calls } = setup(scheduler, () => cold('100ms (r|)', { r: { status: 200, data: {} } }));
      hot('a 10ms b', { a: player, b: player }).subscribe(store.dispatch);
      flush();
      expect(calls).toHaveLength(1);
    });
  });

  it(`asks a description once inside ${config.mediaDescriptionCacheMs} ms, again after; 404 is null`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const notFound = new AppError({ code: 'error.http.404', message: 'Not found', status: 404 });
      const { store, calls } = setup(scheduler, () => cold<Response>('5ms #', undefined, notFound));
      const inside = config.mediaDescriptionCacheMs - 100;
      hot(`a ${inside}ms b ${config.mediaDescriptionCacheMs}ms c`, {
        a: description,
        b: description,
        c: description,
      }).subscribe(store.dispatch);
      flush();
      expect(calls.map(({ at, path }) => [at, path])).toEqual([
        [0, '/wedia/cloud/describeMedia'],
        [inside + 2 + config.mediaDescriptionCacheMs, '/wedia/cloud/describeMedia'],
      ]);
      const entry = selectMediaDescription(store.state$.value, 'asset', '12');
      expect(entry).toMatchObject({ status: 'loaded', data: null });
    });
  });

  it('a failure is an error entry, asked again only on retry', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const failure = new AppError({ code: 'error.http.500', message: 'Boom', status: 500 });
      const { store, calls } = setup(scheduler, () => cold<Response>('5ms #', undefined, failure));
      hot('a 10ms b 10ms c', {
        a: player,
        b: player,
        c: { ...player, payload: { ...player.payload, retry: true } },
      }).subscribe(store.dispatch);
      flush();
      expect(calls.map(({ at }) => at)).toEqual([0, 22]);
      expect(selectPlayer(store.state$.value, 'asset', '12')).toMatchObject({
        status: 'error',
        error: { message: 'Boom' },
      });
    });
  });

  it('caches an embed per URL and body', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, http } = setup(scheduler, () =>
        cold('(r|)', { r: { status: 200, data: { html: '<iframe/>' } } }),
      );
      const embed = (uid: string) =>
        embedRequested({
          resource: 'asset',
          id: '12',
          width: 640,
          height: 360,
          options: { autoplay: false },
          playerUid: uid,
        });
      hot('a 1s b 1s c', { a: embed('p1'), b: embed('p1'), c: embed('p2') }).subscribe(store.dispatch);
      flush();
      expect(http.requests).toHaveLength(2);
      expect(http.requests[0]).toMatchObject({
        method: 'POST',
        path: '/wedia/evp/embed.json',
        body: { json: { Options: { autoplay: false }, PlayerUid: 'p1' } },
      });
    });
  });
});

describe('players: the script wait (protocol §13.2)', () => {
  const W = config.playerScriptWaitMs;
  const N = config.playerScriptWaitTries;

  it(`fails after ${N} checks every ${W} ms with "Could not load {name}"`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { store } = setup(scheduler, () => NEVER);
      hot('a', { a: scriptAwaited({ name: 'EvpPlayer' }) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe(`${W * N}ms a`, { a: 'players/scriptFailed' });
    });
    const scheduler2 = marbleScheduler();
    scheduler2.run(({ hot, flush }) => {
      const { store } = setup(scheduler2, () => NEVER);
      hot('a', { a: scriptAwaited({ name: 'EvpPlayer' }) }).subscribe(store.dispatch);
      flush();
      expect(selectPlayerScript(store.state$.value, 'EvpPlayer')).toEqual({
        status: 'error',
        message: 'Could not load EvpPlayer',
      });
    });
  });

  it('is ready at the first check that finds the global (try n)', () => {
    const n = 7;
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { store } = setup(scheduler, () => NEVER, { loadedAt: (_name, now) => now >= n * W });
      hot('a', { a: scriptAwaited({ name: 'EvpPlayer' }) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe(`${n * W}ms a`, { a: 'players/scriptReady' });
    });
  });

  it('is ready at once when the global is already there', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { store } = setup(scheduler, () => NEVER, { loadedAt: () => true });
      hot('a', { a: scriptAwaited({ name: 'EvpPlayer' }) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe('a', { a: 'players/scriptReady' });
    });
  });

  it('follows a changed constant', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { store } = setup(scheduler, () => NEVER, {
        config: { playerScriptWaitMs: 100, playerScriptWaitTries: 3 },
      });
      hot('a', { a: scriptAwaited({ name: 'X' }) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe('300ms a', { a: 'players/scriptFailed' });
    });
  });
});
