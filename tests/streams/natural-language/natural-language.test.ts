import type { Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { registrationRequested } from '../../../streams/cursors/events';
import { naturalLanguageDomain } from '../../../streams/natural-language/domain';
import { analyzeRequested, enabledChanged } from '../../../streams/natural-language/events';
import type { LuisAnswer, LuisEntity } from '../../../streams/natural-language/model';
import {
  chipsOf,
  NATURAL_LANGUAGE_NAMESPACES,
  NOT_UNDERSTOOD,
  offersNaturalLanguage,
  readAnswer,
  selectNaturalLanguage,
  selectNaturalLanguageChips,
  selectNaturalLanguageClear,
  selectNaturalLanguageEnabled,
} from '../../../streams/natural-language/selectors';
import { selectQuery, selectWireQuery } from '../../../streams/queries/selectors';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const entity = (type: string, text: string, values: unknown[]): LuisEntity => ({
  entity: text,
  type,
  startIndex: 0,
  endIndex: text.length - 1,
  resolution: { values },
});
const answer = (intent: string, entities: LuisEntity[], query = ''): LuisAnswer => ({
  query,
  topScoringIntent: { intent, score: 0.9 },
  entities,
});
const daterange = { timex: '2027-06', type: 'daterange', start: '2027-06-01', end: '2027-07-01' };

/** The same sentences as the demo analyzer reads them, in English and in French. */
const SENTENCES: Record<'en' | 'fr', Record<string, LuisEntity>> = {
  en: {
    baby: entity('age.baby', 'babies', ['age.baby']),
    children: entity('age.baby', 'children', ['age.children']),
    adults: entity('age.baby', 'adults', ['age.adults']),
    senior: entity('age.baby', 'seniors', ['age.senior']),
    rights: entity('builtin.datetimeV2.daterange', 'after june 2027', [daterange]),
    small: entity('duration', 'short videos', ['videoDuration.small']),
    medium: entity('duration', 'medium videos', ['videoDuration.medium']),
    big: entity('duration', 'longer than 20 minutes', ['videoDuration.big']),
    nature: entity('assetnature', 'photos', ['image']),
    place: entity('categories', 'paris', ['Paris']),
    keyword: entity('keywords', 'travel', ['travel']),
    location: entity('location', 'lyon', ['Lyon']),
  },
  fr: {
    baby: entity('age.baby', 'bébés', ['age.baby']),
    children: entity('age.baby', 'enfants', ['age.children']),
    adults: entity('age.baby', 'adultes', ['age.adults']),
    senior: entity('age.baby', 'personnes âgées', ['age.senior']),
    rights: entity('builtin.datetimeV2.daterange', 'après juin 2027', [daterange]),
    small: entity('duration', 'vidéos courtes', ['videoDuration.small']),
    medium: entity('duration', 'vidéos moyennes', ['videoDuration.medium']),
    big: entity('duration', 'plus de 20 minutes', ['videoDuration.big']),
    nature: entity('assetnature', 'photos', ['image']),
    place: entity('categories', 'paris', ['Paris']),
    keyword: entity('keywords', 'voyage', ['travel']),
    location: entity('location', 'lyon', ['Lyon']),
  },
};

describe.each(['en', 'fr'] as const)('the mapping table of §22 (%s)', (lang) => {
  const said = SENTENCES[lang];
  const one = (key: keyof (typeof SENTENCES)['en']) => {
    const chips = chipsOf([said[key] as LuisEntity]);
    expect(chips).toHaveLength(1);
    return chips[0]!;
  };

  it('age.baby: or of ai_nbfaces_baby gte 1, ai_concepts dof_name [baby, toddler] (one constraint: its names looked up at once), namespace or_aiavgage', () => {
    const chip = one('baby');
    expect(chip).toMatchObject({ key: 'age.baby', kind: 'age', value: 'age.baby', text: said.baby!.entity });
    expect(chip.constraints).toEqual({
      'age.baby': { field: 'ai_nbfaces_baby', operator: 'gte', value: 1, namespace: 'or_aiavgage' },
      'age.baby#concepts': {
        field: 'ai_concepts',
        operator: 'dof_name',
        value: ['baby', 'toddler'],
        namespace: 'or_aiavgage',
      },
    });
  });

  it.each([
    ['children', 'age.children', 'ai_nbfaces_children'],
    ['adults', 'age.adults', 'ai_nbfaces_adult'],
    ['senior', 'age.senior', 'ai_nbfaces_senior'],
  ] as const)('%s: %s gives %s gte 1 in or_aiavgage', (name, key, field) => {
    const chip = one(name);
    expect(chip.key).toBe(key);
    expect(chip.constraints).toEqual({
      [key]: { field, operator: 'gte', value: 1, namespace: 'or_aiavgage' },
    });
  });

  it('the type age.baby#or_aiavgage is read the same', () => {
    const chips = chipsOf([entity('age.baby#or_aiavgage', 'kids', ['age.children'])]);
    expect(chips[0]?.key).toBe('age.children');
  });

  it('daterange: rightOfUse.since_{end} is dteendrights gt end, namespace or_dteendrights', () => {
    const chip = one('rights');
    expect(chip).toMatchObject({ key: 'rightOfUse.since_2027-07-01', kind: 'rights', value: '2027-07-01' });
    expect(chip.constraints).toEqual({
      'rightOfUse.since_2027-07-01': {
        field: 'dteendrights',
        operator: 'gt',
        value: '2027-07-01',
        namespace: 'or_dteendrights',
      },
    });
  });

  it.each([
    ['small', 'videoDuration.small', 0, 300],
    ['medium', 'videoDuration.medium', 300, 1200],
    ['big', 'videoDuration.big', 1200, null],
  ] as const)('duration %s: video, duration gt %i lte %s seconds', (name, key, gt, lte) => {
    const chip = one(name);
    const namespace = 'or_tabs.and_video.or_duration';
    expect(chip).toMatchObject({ key, kind: 'duration', value: key });
    const expected: Record<string, unknown> = {
      [`${key}#video`]: { field: 'assetnature', operator: 'dof_code', value: ['video'], namespace },
      [key]: { field: 'duration', operator: 'gt', value: gt, namespace },
    };
    if (lte !== null) expected[`${key}#lte`] = { field: 'duration', operator: 'lte', value: lte, namespace };
    expect(chip.constraints).toEqual(expected);
  });

  it.each([
    ['nature', 'assetnature_dof', 'assetnature', 'dof_code', ['image']],
    ['location', 'location_dof', 'location', 'dof_name', ['Lyon']],
    ['place', 'categories_in', 'categories', 'in_name', ['Paris']],
    ['keyword', 'keywords_in', 'keywords', 'in_name', ['travel']],
  ] as const)(
    'anything else (%s): %s is %s %s on the values, turned into ids by the queries',
    (name, key, field, operator, value) => {
      const chip = one(name);
      expect(chip).toMatchObject({ key, kind: 'other' });
      expect(chip.constraints).toEqual({ [key]: { field, operator, value } });
    },
  );

  it('a sentence: "show me short videos of babies" gives a duration and an age chip', () => {
    const read = readAnswer(answer('search', [said.small!, said.baby!]));
    expect(read.search && read.chips.map((chip) => chip.key)).toEqual(['videoDuration.small', 'age.baby']);
  });
});

describe('the mapping: values of the same type, other intents, built-ins', () => {
  it('values of the same other type are one chip; other built-ins are left out', () => {
    const chips = chipsOf([
      entity('keywords', 'travel', ['travel']),
      entity('keywords', 'sea', ['sea']),
      entity('builtin.number', '20', [20]),
    ]);
    expect(chips).toHaveLength(1);
    expect(chips[0]).toMatchObject({ key: 'keywords_in', value: 'travel, sea', text: 'travel, sea' });
    expect(chips[0]?.constraints.keywords_in?.value).toEqual(['travel', 'sea']);
  });

  it('any intent but search is not understood', () => {
    expect(readAnswer(answer('None', []))).toEqual({ search: false, intent: 'None' });
    expect(readAnswer({ query: 'x' })).toEqual({ search: false, intent: 'None' });
  });

  it('the phrases of §22 offer natural language, matched as a lower-cased prefix', () => {
    for (const text of [
      'Show me babies',
      "I'm looking for cats",
      'i’m looking for x',
      'I want',
      'only videos',
      'Do we have a',
      'search for x',
    ]) {
      expect(offersNaturalLanguage(text)).toBe(true);
    }
    for (const text of ['babies', 'show', 'onlyvideos', 'we only have', ''])
      expect(offersNaturalLanguage(text)).toBe(false);
  });
});

type Response = HttpResponse<unknown>;

function setup(scheduler: TestScheduler, answerOf: (request: HttpRequest<unknown>) => Observable<Response>) {
  const http = fakeHttp(answerOf);
  const deps = testDeps({ scheduler, http });
  let from = rootReducer(initialRootState, {
    ...started({
      locale: 'en',
      apiPath: 'http://dam.test:80',
      path: '/',
      search: '',
      applicationName: 'test',
      hasApplicationCredentials: false,
      cookieAuth: false,
      sessionAuth: false,
      settings: {},
    }),
    meta: { source: 'system', seq: 0, id: 'e0', at: 0 },
  }) as RootState;
  // the search list as the search domain registers it, with a facet set from the address
  from = fold(
    [
      registrationRequested({
        name: 'search',
        path: 'dam/data/asset',
        constraints: { keywords: { field: 'keywords', operator: 'in', value: [4] } },
        namespaces: NATURAL_LANGUAGE_NAMESPACES,
      }),
    ],
    from,
  );
  const store = epicStore(deps, domainEpics<RootState>(naturalLanguageDomain), from);
  return { store, http };
}

describe('natural-language search (protocol §22, §23.12)', () => {
  const babies = answer(
    'search',
    [SENTENCES.en.small!, SENTENCES.en.baby!],
    'show me short videos of babies',
  );

  it('asks /luis/analyze with the phrase, then replaces the list query with the mapped constraints', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, http } = setup(scheduler, () => cold('10ms (r|)', { r: { status: 200, data: babies } }));
      hot('a', { a: analyzeRequested({ text: 'show me short videos of babies' }) }).subscribe(store.dispatch);
      const seen: { type: string; payload: unknown }[] = [];
      store.event$.subscribe((event) => seen.push(event));
      expectObservable(typesOf(store)).toBe('(ab) 6ms (cd)', {
        a: 'naturalLanguage/analyzeRequested',
        b: 'naturalLanguage/analyzeStarted',
        c: 'naturalLanguage/analyzed',
        d: 'queries/constraintsRequested',
      });
      scheduler.flush();
      const request = seen.at(-1)?.payload as {
        name: string;
        replace: boolean;
        constraints: Record<string, unknown>;
      };
      expect(request).toMatchObject({ name: 'search', replace: true });
      expect(Object.keys(request.constraints)).toEqual([
        'videoDuration.small#video',
        'videoDuration.small',
        'videoDuration.small#lte',
        'age.baby',
        'age.baby#concepts',
      ]);
      expect(http.requests[0]).toMatchObject({
        method: 'GET',
        path: '/luis/analyze',
        query: { phrase: 'show me short videos of babies' },
      });
    });
  });

  it('folds: the chips, the query replaced, the or-groups on the wire; a chip removed leaves the rest', () => {
    const chips = chipsOf(babies.entities ?? []);
    const set = (constraints: Record<string, unknown>, replace?: boolean) =>
      ({
        type: 'queries/constraintsSet',
        payload: { name: 'search', constraints, ...(replace ? { replace } : {}) },
        meta: { source: 'system' as const },
      }) as const;
    const { store } = setup(marbleScheduler(), () => {
      throw new Error('no call');
    });
    let state = fold(
      [
        {
          type: 'naturalLanguage/analyzed',
          payload: { cursor: 'search', text: 'x', chips },
          meta: { source: 'server' },
        },
        set(Object.assign({}, ...chips.map((chip) => chip.constraints)), true),
      ],
      store.state$.value,
    );
    expect(Object.keys(selectQuery(state, 'search')?.constraints ?? {}).sort()).toEqual(
      [
        'age.baby',
        'age.baby#concepts',
        'videoDuration.small',
        'videoDuration.small#lte',
        'videoDuration.small#video',
      ].sort(),
    );
    const views = selectNaturalLanguageChips(state);
    expect(views.map((chip) => chip.key)).toEqual(['videoDuration.small', 'age.baby']);
    expect(selectNaturalLanguageChips(state)).toBe(views);
    const removal = views[1]!.removal;
    expect(removal.payload).toEqual({
      cursor: 'search',
      key: 'age.baby',
      constraintKeys: ['age.baby', 'age.baby#concepts'],
    });
    state = fold(
      [{ ...removal, meta: { source: 'ui' } }, set({ 'age.baby': null, 'age.baby#concepts': null })],
      state,
    );
    expect(selectNaturalLanguageChips(state).map((chip) => chip.key)).toEqual(['videoDuration.small']);
    expect(selectNaturalLanguageClear(state).payload.constraintKeys).toEqual([
      'videoDuration.small#video',
      'videoDuration.small',
      'videoDuration.small#lte',
    ]);
  });

  it('a chip removed dispatches the removal of its constraint keys from the list', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const { store } = setup(scheduler, () => {
        throw new Error('no call');
      });
      const seen: { type: string; payload: unknown }[] = [];
      store.event$.subscribe((event) => seen.push(event));
      hot('a', {
        a: {
          type: 'naturalLanguage/chipRemoved',
          payload: { cursor: 'search', key: 'k', constraintKeys: ['k', 'k#2'] },
          meta: { source: 'ui' },
        } as never,
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(seen.at(-1)).toMatchObject({
        type: 'queries/constraintsRequested',
        payload: { name: 'search', constraints: { k: null, 'k#2': null } },
      });
    });
  });

  it('another intent says No search understood in this sentence and leaves the query', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store } = setup(scheduler, () =>
        cold('(r|)', { r: { status: 200, data: answer('None', []) } }),
      );
      hot('a', { a: analyzeRequested({ text: 'hello there' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store)).toBe('(abc)', {
        a: 'naturalLanguage/analyzeRequested',
        b: 'naturalLanguage/analyzeStarted',
        c: 'naturalLanguage/notUnderstood',
      });
      scheduler.flush();
      expect(selectNaturalLanguage(store.state$.value)).toMatchObject({
        status: 'loaded',
        message: NOT_UNDERSTOOD,
      });
      expect(selectQuery(store.state$.value, 'search')?.constraints.keywords).toBeDefined();
    });
  });

  it('a failed call is an error; the checkbox is kept', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const failure = new AppError({ code: 'error.http.500', message: 'Boom', status: 500 });
      const { store } = setup(scheduler, () => cold<Response>('#', undefined, failure));
      hot('a b', {
        a: enabledChanged({ enabled: true }),
        b: analyzeRequested({ text: 'show me' }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(selectNaturalLanguageEnabled(store.state$.value)).toBe(true);
      expect(selectNaturalLanguage(store.state$.value)).toMatchObject({
        status: 'error',
        error: { message: 'Boom' },
      });
    });
  });

  it('the wire query joins ages with or and a duration bucket with and', () => {
    const chips = chipsOf([SENTENCES.en.small!, SENTENCES.en.baby!, SENTENCES.en.children!]);
    const { store } = setup(marbleScheduler(), () => {
      throw new Error('no call');
    });
    const state = fold(
      [
        {
          type: 'queries/constraintsSet',
          payload: {
            name: 'search',
            constraints: Object.assign({}, ...chips.map((chip) => chip.constraints)),
            replace: true,
          },
          meta: { source: 'system' },
        },
      ],
      store.state$.value,
    );
    const wire = JSON.stringify(selectWireQuery(state, 'search'));
    expect(wire).toContain('"or":[{"ai_nbfaces_baby":{"gte":1}}');
    expect(wire).toContain('{"ai_nbfaces_children":{"gte":1}}');
    expect(wire).toContain('{"duration":{"gt":0}},{"duration":{"lte":300}}');
  });
});
