/** Natural-language analysis of protocol §22 against the demo handlers, and the search constraints it leads to. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTriggerPhrase } from '../../../mocks/nl/analyzer';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { call, type Json } from '../demo-server-entities/helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

async function analyze(phrase: string): Promise<Json> {
  const { status, body } = await call(`/luis/analyze?phrase=${encodeURIComponent(phrase)}`);
  expect(status).toBe(200);
  expect(body.query).toBe(phrase);
  return body;
}

/** The entities as [type, values] pairs. */
const found = (body: Json): [string, unknown[]][] =>
  body.entities.map((entity: Json) => [entity.type, entity.resolution.values]);

const JUNE_2027 = { timex: '2027-06', type: 'daterange', start: '2027-06-01', end: '2027-07-01' };

/** Every row of the table of §22, said in English and in French. */
const ROWS: { row: string; en: string; fr: string; entities: [string, unknown[]][] }[] = [
  {
    row: 'age baby',
    en: 'show me babies',
    fr: 'montre-moi des bébés',
    entities: [['age.baby', ['age.baby']]],
  },
  {
    row: 'age children',
    en: 'i want children',
    fr: 'enfants',
    entities: [['age.baby', ['age.children']]],
  },
  {
    row: 'age teenagers',
    en: 'teenagers',
    fr: 'des adolescents',
    entities: [['age.baby', ['age.children']]],
  },
  { row: 'age adults', en: 'adults', fr: 'adultes', entities: [['age.baby', ['age.adults']]] },
  {
    row: 'age seniors',
    en: 'elderly',
    fr: 'je cherche des personnes âgées',
    entities: [['age.baby', ['age.senior']]],
  },
  {
    row: 'rights end date',
    en: 'rights valid after June 2027',
    fr: 'droits valides après juin 2027',
    entities: [['builtin.datetimeV2.daterange', [JUNE_2027]]],
  },
  {
    row: 'short videos',
    en: 'short videos',
    fr: 'vidéos courtes',
    entities: [['duration', ['videoDuration.small']]],
  },
  {
    row: 'medium videos',
    en: 'medium videos',
    fr: 'vidéos moyennes',
    entities: [['duration', ['videoDuration.medium']]],
  },
  {
    row: 'long videos',
    en: 'videos longer than 20 minutes',
    fr: 'vidéos de plus de 20 minutes',
    entities: [['duration', ['videoDuration.big']]],
  },
  {
    row: 'videos over 2 minutes (one bucket: the nearest the range covers whole)',
    en: 'videos longer than 2 minutes',
    fr: 'vidéos de plus de 2 minutes',
    entities: [['duration', ['videoDuration.medium']]],
  },
  {
    row: 'videos under 10 minutes',
    en: 'videos shorter than 10 minutes',
    fr: 'vidéos de moins de 10 minutes',
    entities: [['duration', ['videoDuration.small']]],
  },
  {
    row: 'nature',
    en: 'only documents',
    fr: 'uniquement des documents',
    entities: [['assetnature', ['document']]],
  },
  { row: 'nature images', en: 'photos', fr: 'des photos', entities: [['assetnature', ['image']]] },
  { row: 'place', en: 'do we have Paris', fr: 'avons-nous Paris', entities: [['categories', ['Paris']]] },
  { row: 'landscape', en: 'mountains', fr: 'la montagne', entities: [['categories', ['Mountains']]] },
  { row: 'keyword', en: 'search for travel', fr: 'cherche voyage', entities: [['keywords', ['travel']]] },
];

describe('GET /luis/analyze (protocol §22)', () => {
  for (const { row, en, fr, entities } of ROWS) {
    it(`${row}: "${en}" and "${fr}"`, async () => {
      for (const phrase of [en, fr]) {
        const body = await analyze(phrase);
        expect(body.topScoringIntent).toEqual({ intent: 'search', score: expect.any(Number) });
        expect(found(body)).toEqual(entities);
      }
    });
  }

  it('answers in LUIS’s shape: entity text, indexes, type, score, resolution values', async () => {
    const phrase = 'Show me short videos of babies';
    const body = await analyze(phrase);
    expect(body.intents[0]).toEqual(body.topScoringIntent);
    expect(body.entities).toEqual([
      {
        entity: 'short videos',
        type: 'duration',
        startIndex: 8,
        endIndex: 19,
        score: expect.any(Number),
        resolution: { values: ['videoDuration.small'] },
      },
      {
        entity: 'babies',
        type: 'age.baby',
        startIndex: 24,
        endIndex: 29,
        score: expect.any(Number),
        resolution: { values: ['age.baby'] },
      },
    ]);
    expect(phrase.slice(24, 30).toLowerCase()).toBe('babies');
    expect(await analyze(phrase)).toEqual(body);
  });

  it('mixes entities: nature, age, place and keyword in one sentence, in either language', async () => {
    expect(found(await analyze("i'm looking for pictures of seniors in Paris at night"))).toEqual([
      ['assetnature', ['image']],
      ['age.baby', ['age.senior']],
      ['categories', ['Paris']],
      ['keywords', ['night']],
    ]);
    expect(found(await analyze('Montre-moi les vidéos de plus d’une heure'))).toEqual([
      ['duration', ['videoDuration.big']],
    ]);
    expect(found(await analyze('je veux des vidéos longues de la côte en hiver'))).toEqual([
      ['duration', ['videoDuration.big']],
      ['categories', ['Coast']],
      ['keywords', ['winter']],
    ]);
  });

  it('a date without rights is not a rights date; any other sentence is intent None without entities', async () => {
    expect(found(await analyze('what happened in 2027'))).toEqual([]);
    for (const phrase of ['what is the weather like', 'quel temps fait-il', 'hello']) {
      const body = await analyze(phrase);
      expect(body.topScoringIntent.intent).toBe('None');
      expect(body.entities).toEqual([]);
    }
    expect((await call('/luis/analyze')).status).toBe(400);
  });

  it('knows the phrases of §22 that may start a natural-language search', () => {
    for (const phrase of [
      'Show me cats',
      'I want',
      "i'm looking for",
      'only videos',
      'do we have x',
      'search for y',
    ])
      expect(isTriggerPhrase(phrase)).toBe(true);
    expect(isTriggerPhrase('coast')).toBe(false);
  });
});

/** The number of assets a query matches (protocol §8). */
async function total(query: unknown): Promise<number> {
  const { status, body } = await call(
    `/rest/dam/data/asset?max=0&query=${encodeURIComponent(JSON.stringify(query))}`,
  );
  expect(status).toBe(200);
  return body.response.total;
}

/** The constraints of §22, as the client builds them from the entities. */
const AGE = {
  'age.baby': {
    or: [
      { ai_nbfaces_baby: { gte: 1 } },
      { ai_concepts: { dof_name: ['baby'] } },
      { ai_concepts: { dof_name: ['toddler'] } },
    ],
  },
  'age.children': { ai_nbfaces_children: { gte: 1 } },
  'age.adults': { ai_nbfaces_adult: { gte: 1 } },
  'age.senior': { ai_nbfaces_senior: { gte: 1 } },
};
const DURATION = {
  small: { assetnature: { dof_code: ['video'] }, duration: { gt: 0, lte: 300 } },
  medium: { assetnature: { dof_code: ['video'] }, duration: { gt: 300, lte: 1200 } },
  big: { assetnature: { dof_code: ['video'] }, duration: { gt: 1200 } },
};

describe('the search answers the constraints of §22', () => {
  it('ages through face counts and concepts, each a part of the catalogue', async () => {
    const all = await total({});
    for (const constraint of Object.values(AGE)) {
      const count = await total(constraint);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(all / 2);
    }
  });

  it('"short videos of babies": fewer results than either chip alone; removing a chip widens them', async () => {
    const both = await total({ and: [DURATION.small, AGE['age.baby']] });
    const videos = await total(DURATION.small);
    const babies = await total(AGE['age.baby']);
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(videos);
    expect(videos).toBeLessThan(babies + videos);
    expect(both).toBeLessThan(babies);
    // the three buckets split the videos
    const buckets = await Promise.all(Object.values(DURATION).map(total));
    expect(buckets.every((count) => count > 0)).toBe(true);
    expect(buckets.reduce((sum, count) => sum + count, 0)).toBe(
      await total({ assetnature: { dof_code: ['video'] } }),
    );
  });

  it('answers the related-entity lookup of a concept (dam/data/ai_concepts, §8.1); dof of its id is dof_name of its name', async () => {
    const ids: number[] = [];
    for (const name of ['baby', 'toddler']) {
      const query = encodeURIComponent(JSON.stringify({ name: { eq: name } }));
      const { status, body } = await call(`/rest/dam/data/ai_concepts?max=5&query=${query}&state=s`);
      expect(status).toBe(200);
      expect(body.state).toBe('s');
      expect(body.response.data.map((row: { name: string }) => row.name)).toEqual([name]);
      ids.push(body.response.data[0].id);
    }
    const byIds = await total({ ai_concepts: { dof: ids } });
    expect(byIds).toBeGreaterThan(0);
    expect(byIds).toBe(await total({ ai_concepts: { dof_name: ['baby', 'toddler'] } }));
  });

  it('rights end dates, places and keywords by name', async () => {
    const all = await total({});
    const after = await total({ dteendrights: { gt: JUNE_2027.end } });
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(all);
    expect(await total({ categories: { in_name: ['Paris'] } })).toBeGreaterThan(0);
    expect(await total({ keywords: { in_name: ['travel'] } })).toBeGreaterThan(0);
    expect(await total({ assetnature: { dof_code: ['document'] } })).toBeGreaterThan(0);
  });
});
