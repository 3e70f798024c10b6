/** Natural-language search (protocol §22, §23.12) through the natural-language, queries and cursors epics against the demo handlers. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import { createHttp, type HttpRequest } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';
import { createStore, type Store } from '../../../streams/core/store';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { fetchRequested, registrationRequested } from '../../../streams/cursors/events';
import { naturalLanguageDomain } from '../../../streams/natural-language/domain';
import { analyzeRequested } from '../../../streams/natural-language/events';
import {
  NATURAL_LANGUAGE_NAMESPACES,
  NOT_UNDERSTOOD,
  selectNaturalLanguage,
  selectNaturalLanguageChips,
} from '../../../streams/natural-language/selectors';
import { queriesDomain } from '../../../streams/queries/domain';
import { selectQueryStatus } from '../../../streams/queries/selectors';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { schemasDomain } from '../../../streams/schemas/domain';
import { until } from '../../helpers/demo-portal';
import { testDeps } from '../../helpers/test-deps';

const running: Store<RootState>[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterEach(() => {
  for (const store of running.splice(0)) store.destroy();
});
afterAll(() => server.close());

function nlStore() {
  const vault = new SessionVault();
  vault.connection = { apiPath: 'http://localhost:80', cookieAuth: false, sessionAuth: false };
  vault.lang = 'en';
  const real = createHttp(vault, (input, init) => fetch(input, init));
  const sent: HttpRequest<unknown>[] = [];
  const http = {
    notices$: real.notices$,
    request<T>(request: HttpRequest<T>) {
      sent.push(request as HttpRequest<unknown>);
      return real.request(request);
    },
  };
  const deps = testDeps({ http, config: { listFetchDebounceMs: 1, cursorStatusDelayMs: 1 } });
  const rootEpic = domainEpics<RootState>(schemasDomain, queriesDomain, cursorsDomain, naturalLanguageDomain);
  const store = createStore({ reducer: rootReducer, rootEpic, deps, initialState: initialRootState });
  running.push(store);
  return { store, sent };
}

const loaded = (state: RootState) => state.cursors.byName.search?.status === 'loaded';
const totalOf = (state: RootState) => state.cursors.byName.search?.total ?? -1;

/** The search list as the search domain registers it, loaded with no constraint. */
async function searchList() {
  const { store, sent } = nlStore();
  store.dispatch(
    registrationRequested({
      name: 'search',
      path: 'dam/data/asset',
      namespaces: NATURAL_LANGUAGE_NAMESPACES,
    }),
  );
  store.dispatch(fetchRequested({ name: 'search' }));
  const state = await until(store, loaded);
  return { store, sent, all: totalOf(state) };
}

/** Analyses a sentence and waits for the list to load on the new query. */
async function analyse(store: Store<RootState>, text: string, before: number): Promise<RootState> {
  store.dispatch(analyzeRequested({ text }));
  return until(
    store,
    (state) =>
      selectNaturalLanguage(state).status !== 'fetching' &&
      selectQueryStatus(state, 'search') === 'resolved' &&
      loaded(state) &&
      totalOf(state) !== before,
  );
}

describe('natural-language search against the demo analyzer (protocol §22)', () => {
  it('"show me short videos of babies": GET /luis/analyze, chips for duration and age, fewer results; removing a chip widens them', async () => {
    const { store, sent, all } = await searchList();
    const state = await analyse(store, 'show me short videos of babies', all);
    expect(sent.find((request) => request.path === '/luis/analyze')).toMatchObject({
      method: 'GET',
      query: { phrase: 'show me short videos of babies' },
    });
    const chips = selectNaturalLanguageChips(state);
    expect(chips.map((chip) => chip.key).sort()).toEqual(['age.baby', 'videoDuration.small']);
    const narrowed = totalOf(state);
    expect(narrowed).toBeLessThan(all);
    const age = chips.find((chip) => chip.key === 'age.baby')!;
    store.dispatch(age.removal);
    const widened = await until(store, (now) => loaded(now) && totalOf(now) > narrowed);
    expect(selectNaturalLanguageChips(widened).map((chip) => chip.key)).toEqual(['videoDuration.small']);
    expect(totalOf(widened)).toBeLessThan(all);
  });

  it('French: "montre-moi des vidéos courtes de bébés" gives the same chips', async () => {
    const { store, all } = await searchList();
    const state = await analyse(store, 'montre-moi des vidéos courtes de bébés', all);
    expect(
      selectNaturalLanguageChips(state)
        .map((chip) => chip.key)
        .sort(),
    ).toEqual(['age.baby', 'videoDuration.small']);
  });

  it('rights, longer videos, natures, places and keywords: their constraints resolve (names turned into ids) and narrow the list', async () => {
    const sentences = [
      'i want images with rights valid after June 2027',
      'show me videos longer than 20 minutes',
      'search for photos of Paris',
      'do we have pictures of travel',
    ];
    for (const text of sentences) {
      const { store, all } = await searchList();
      const state = await analyse(store, text, all);
      const chips = selectNaturalLanguageChips(state);
      expect(chips.length, text).toBeGreaterThan(0);
      expect(totalOf(state), text).toBeLessThan(all);
      store.destroy();
    }
  });

  it('another intent says No search understood in this sentence and leaves the list as it was', async () => {
    const { store, all } = await searchList();
    store.dispatch(analyzeRequested({ text: 'hello there' }));
    const state = await until(store, (now) => selectNaturalLanguage(now).status === 'loaded');
    expect(selectNaturalLanguage(state).message).toBe(NOT_UNDERSTOOD);
    expect(totalOf(state)).toBe(all);
  });
});
