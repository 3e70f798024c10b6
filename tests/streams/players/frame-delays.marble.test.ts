import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type Config, config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { playersDomain } from '../../../streams/players/domain';
import { frameClosed, frameLoaded, frameOpened } from '../../../streams/players/events';
import { selectPlayerFrame } from '../../../streams/players/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const L = config.playerLoadingDelayMs;
const D = config.playerDisplayDelayMs;
const target = { resource: 'asset', id: '2' };

function setup(scheduler: ReturnType<typeof marbleScheduler>, overrides: Partial<Config> = {}) {
  const deps = testDeps({ scheduler, http: fakeHttp(() => NEVER), config: overrides });
  return epicStore(deps, domainEpics<RootState>(playersDomain));
}

/** the players' events, in order */
const outcomes = (store: ReturnType<typeof setup>) => typesOf(store, 'players/');

describe('players: the loading and display delays of a player frame (protocol §13.2)', () => {
  it(`shows the loading notice only after ${L} ms of loading`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = setup(scheduler);
      hot('a', { a: frameOpened(target) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe(`a ${L - 1}ms b`, {
        a: 'players/frameOpened',
        b: 'players/loadingShown',
      });
    });
  });

  it(`a frame loaded within ${L} ms never shows the notice; it is shown ${D} ms after its load`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable, flush }) => {
      const store = setup(scheduler);
      const loadAt = L - 100;
      hot(`a ${loadAt - 1}ms b`, { a: frameOpened(target), b: frameLoaded(target) }).subscribe(
        store.dispatch,
      );
      expectObservable(outcomes(store)).toBe(`a ${loadAt - 1}ms b ${D - 1}ms c`, {
        a: 'players/frameOpened',
        b: 'players/frameLoaded',
        c: 'players/frameDisplayed',
      });
      flush();
      expect(selectPlayerFrame(store.state$.value, 'asset', '2')).toBe('shown');
    });
  });

  it('a slow frame: opening → loading (notice) → ready (hidden) → shown', () => {
    const scheduler = marbleScheduler();
    const phases: Array<[number, string | null]> = [];
    scheduler.run(({ hot, flush }) => {
      const store = setup(scheduler);
      store.state$.subscribe((state) => {
        const phase = selectPlayerFrame(state, 'asset', '2');
        if (phases.at(-1)?.[1] !== phase) phases.push([scheduler.now(), phase]);
      });
      hot(`a ${3 * L - 1}ms b`, { a: frameOpened(target), b: frameLoaded(target) }).subscribe(store.dispatch);
      flush();
    });
    expect(phases).toEqual([
      [0, null],
      [0, 'opening'],
      [L, 'loading'],
      [3 * L, 'ready'],
      [3 * L + D, 'shown'],
    ]);
  });

  it('a frame closed while it waits asks nothing more', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = setup(scheduler);
      hot('a 9ms b 9ms c', {
        a: frameOpened(target),
        b: frameLoaded(target),
        c: frameClosed(target),
      }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe('a 9ms b 9ms c', {
        a: 'players/frameOpened',
        b: 'players/frameLoaded',
        c: 'players/frameClosed',
      });
    });
  });

  it('follows changed constants', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = setup(scheduler, { playerLoadingDelayMs: 30, playerDisplayDelayMs: 5 });
      hot('a 39ms b', { a: frameOpened(target), b: frameLoaded(target) }).subscribe(store.dispatch);
      expectObservable(outcomes(store)).toBe('a 29ms b 9ms c 4ms d', {
        a: 'players/frameOpened',
        b: 'players/loadingShown',
        c: 'players/frameLoaded',
        d: 'players/frameDisplayed',
      });
    });
  });
});
