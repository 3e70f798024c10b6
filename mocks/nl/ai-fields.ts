import { createRandom, mixSeed } from '../db/random';

/**
 * What the demo's "AI" saw on an asset (demo convention for the age constraints of protocol §22):
 * faces per age bucket and concept names. Drawn from the asset's id, so the same every time; read by
 * the search engine as fields of the asset collection (not stored, not in the asset's schema, not on
 * the wire); the concepts are rows of their own collection.
 */
export interface AiFields {
  ai_nbfaces_baby: number;
  ai_nbfaces_children: number;
  ai_nbfaces_adult: number;
  ai_nbfaces_senior: number;
  /** concept names: `baby`, `toddler`, `child`, `adult`, `senior`, `people` */
  ai_concepts: string[];
}

export const AI_NUMBER_FIELDS = [
  'ai_nbfaces_baby',
  'ai_nbfaces_children',
  'ai_nbfaces_adult',
  'ai_nbfaces_senior',
] as const;
export const AI_CONCEPTS_FIELD = 'ai_concepts';

/**
 * The concepts themselves, the collection `dam/data/ai_concepts` (protocol §22): the asset's
 * `ai_concepts` relates to them, so a client looks a concept up by name (§8.1, `{"name":{"eq":"baby"}}`)
 * and asks `dof` of its id, as the reference does.
 */
export const AI_CONCEPTS: ReadonlyArray<{ id: number; name: string; code: string }> = [
  'people',
  'baby',
  'toddler',
  'child',
  'adult',
  'senior',
].map((name, index) => Object.freeze({ id: index + 1, name, code: name }));

/** The ids of an asset's concepts (what the relation holds). */
export const conceptIdsOf = (row: { id: number; assetnature?: unknown }): number[] =>
  aiFieldsOf(row).ai_concepts.map((name) => AI_CONCEPTS.find((concept) => concept.name === name)?.id ?? 0);

const NONE: AiFields = Object.freeze({
  ai_nbfaces_baby: 0,
  ai_nbfaces_children: 0,
  ai_nbfaces_adult: 0,
  ai_nbfaces_senior: 0,
  ai_concepts: Object.freeze([]) as unknown as string[],
}) as AiFields;

const cache = new Map<number, AiFields>();

/**
 * Images and videos: 45% show people; among those, babies on 20%, children on 35%, adults on 75%,
 * seniors on 25% (at least one bucket). Documents show nobody. A few pictures without faces still
 * show the concept `baby` (a cot, baby shoes), as a real tagger would.
 */
export function aiFieldsOf(row: { id: number; assetnature?: unknown }): AiFields {
  const nature = (row.assetnature as { code?: string } | undefined)?.code;
  if (nature !== 'image' && nature !== 'video') return NONE;
  const known = cache.get(row.id);
  if (known) return known;
  const rand = createRandom(mixSeed(7_717, row.id));
  let fields: AiFields;
  if (rand.chance(0.45)) {
    const baby = rand.chance(0.2) ? rand.int(1, 2) : 0;
    const children = rand.chance(0.35) ? rand.int(1, 3) : 0;
    const senior = rand.chance(0.25) ? rand.int(1, 2) : 0;
    const adult = rand.chance(0.75) || baby + children + senior === 0 ? rand.int(1, 4) : 0;
    const concepts = ['people'];
    if (baby > 0) concepts.push(...(rand.chance(0.5) ? ['baby', 'toddler'] : ['baby']));
    if (children > 0) concepts.push('child');
    if (adult > 0) concepts.push('adult');
    if (senior > 0) concepts.push('senior');
    fields = {
      ai_nbfaces_baby: baby,
      ai_nbfaces_children: children,
      ai_nbfaces_adult: adult,
      ai_nbfaces_senior: senior,
      ai_concepts: concepts,
    };
  } else {
    fields = { ...NONE, ai_concepts: rand.chance(0.03) ? ['baby'] : [] };
  }
  cache.set(row.id, fields);
  return fields;
}
