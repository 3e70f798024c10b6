import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { registered, registrationRequested } from '../../../streams/cursors/events';
import { suggestWords } from '../../../streams/typeahead/epics';
import { inputChanged } from '../../../streams/typeahead/events';
import { selectCompletions, selectWords } from '../../../streams/typeahead/selectors';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const DEBOUNCE = config.typeaheadDebounceMs;
const name = 'search';
const withCursor = () =>
  fold([
    registrationRequested({ name, path: 'dam/data/asset' }),
    registered({ name, staticQuery: config.defaultStaticQuery }),
  ]);
const typed = (text: string) => inputChanged({ name, text });

/** Answers `suggest=words` with the given words, echoing `state` after `delay` frames. */
function wordsServer(
  cold: (marbles: string, values: Record<string, HttpResponse<unknown>>) => Observable<HttpResponse<unknown>>,
  delay: string,
  words: (text: string) => string[],
) {
  return (request: HttpRequest<unknown>) => {
    const text = String(request.query?.state);
    return cold(`${delay}a|`, { a: { status: 200, data: { response: { data: words(text) }, state: text } } });
  };
}

describe('typeahead.epic (seed 002 §9, protocol §8.1, §8.4, §24)', () => {
  it('asks suggest=words once per pause, typeaheadDebounceMs after the last keystroke of a burst', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    const times: number[] = [];
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        times.push(scheduler.now());
        return wordsServer(cold, '-', () => ['cat'])(request);
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), suggestWords, withCursor());
      // a burst of three keystrokes 50 ms apart, a pause, then two more
      hot('a 49ms b 49ms c 399ms d 49ms e', {
        a: typed('c'),
        b: typed('ca'),
        c: typed('cat'),
        d: typed('cat s'),
        e: typed('cat su'),
      }).subscribe(store.dispatch);
      const lastOfBurst = 100;
      const secondBurst = 550;
      expectObservable(typesOf(store, 'typeahead/words')).toBe(
        `${lastOfBurst + DEBOUNCE}ms a b ${secondBurst + DEBOUNCE - (lastOfBurst + DEBOUNCE) - 2}ms a b`,
        { a: 'typeahead/wordsRequested', b: 'typeahead/wordsLoaded' },
      );
    });
    expect(times).toEqual([100 + DEBOUNCE, 550 + DEBOUNCE]);
    expect(http.requests.map((request) => request.query)).toEqual([
      {
        fulltext: 'cat',
        i18nQuery: true,
        path: 'dam/data/asset',
        query: { activated: true },
        state: 'cat',
        suggest: 'words',
      },
      {
        fulltext: 'cat su',
        i18nQuery: true,
        path: 'dam/data/asset',
        query: { activated: true },
        state: 'cat su',
        suggest: 'words',
      },
    ]);
    expect(http.requests[0]).toMatchObject({ method: 'GET', path: '/rest/dam/data/asset' });
  });

  it('never shows a stale answer: a newer input cancels the request in flight (switchMap)', () => {
    const scheduler = marbleScheduler();
    let words: readonly string[] = [];
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(wordsServer(cold, '299ms ', (text) => [`${text}-word`]));
      const store = epicStore(testDeps({ scheduler, http }), suggestWords, withCursor());
      // 'ca' is asked at 200 ms and would answer at 500 ms; 'cat' is typed at 250 ms
      hot(`a ${DEBOUNCE + 49}ms b`, { a: typed('ca'), b: typed('cat') }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'typeahead/wordsLoaded')).toBe(`${250 + DEBOUNCE + 299}ms a`, {
        a: 'typeahead/wordsLoaded',
      });
      scheduler.schedule(() => {
        words = selectWords(store.getState(), name);
      }, 1000);
    });
    expect(words).toEqual(['cat-word']);
  });

  it('keeps at most typeaheadMaxWords words and offers at most typeaheadMaxSuggestions completions', () => {
    const scheduler = marbleScheduler();
    let completions: readonly string[] = [];
    scheduler.run(({ hot, cold }) => {
      const many = Array.from({ length: 12 }, (_, index) => `lake${index}`);
      const http = fakeHttp(wordsServer(cold, '-', () => many));
      const store = epicStore(testDeps({ scheduler, http }), suggestWords, withCursor());
      hot('a', { a: typed('blue la') }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        completions = selectCompletions(store.getState(), name, config.typeaheadMaxSuggestions);
      }, DEBOUNCE + 10);
    });
    expect(completions).toHaveLength(Math.min(config.typeaheadMaxWords, config.typeaheadMaxSuggestions));
    expect(completions[0]).toBe('blue lake0');
  });

  it('asks again with the current input when the answer does not echo it (protocol §8.4)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      let calls = 0;
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        calls += 1;
        const state = calls === 1 ? 'other' : String(request.query?.state);
        return cold('-a|', { a: { status: 200, data: { response: { data: ['cat'] }, state } } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), suggestWords, withCursor());
      hot('a', { a: typed('ca') }).subscribe(store.dispatch);
      // asked at the pause, invalid one frame later, asked again at once, loaded one frame later
      expectObservable(typesOf(store, 'typeahead/wordsRequested')).toBe(`${DEBOUNCE}ms a a`, {
        a: 'typeahead/wordsRequested',
      });
      expectObservable(typesOf(store, 'typeahead/wordsInvalidated')).toBe(`${DEBOUNCE + 1}ms b`, {
        b: 'typeahead/wordsInvalidated',
      });
      expectObservable(typesOf(store, 'typeahead/wordsLoaded')).toBe(`${DEBOUNCE + 2}ms d`, {
        d: 'typeahead/wordsLoaded',
      });
    });
    expect(http.requests).toHaveLength(2);
  });

  it('an emptied box clears the words at once and asks nothing', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let words: readonly string[] = ['x'];
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return wordsServer(cold, '-', () => ['cat'])(request);
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), suggestWords, withCursor());
      hot(`a ${DEBOUNCE + 10}ms b`, { a: typed('ca'), b: typed('') }).subscribe(store.dispatch);
      scheduler.schedule(
        () => {
          words = selectWords(store.getState(), name);
        },
        2 * DEBOUNCE + 50,
      );
    });
    expect(words).toEqual([]);
    expect(http.requests).toHaveLength(1);
  });
});
