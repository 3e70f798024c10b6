import * as z from 'zod/mini';
import type { Constraint } from '../core/query/operators';
import type { Chip } from './events';

/**
 * The mapping of protocol §22: LUIS entities → constraints of the list. Pure: views and tests
 * may use it; the epic puts its result in `naturalLanguage/analyzed`.
 */

/** The LUIS answer as read (§22): the intent and the entities' entity, type and resolution.values. */
const luisEntitySchema = z.looseObject({
  entity: z.string(),
  type: z.string(),
  resolution: z.optional(z.nullable(z.looseObject({ values: z.optional(z.nullable(z.array(z.unknown()))) }))),
});
export type LuisEntity = z.infer<typeof luisEntitySchema>;
export const luisAnswerSchema = z.looseObject({
  query: z.optional(z.string()),
  topScoringIntent: z.optional(z.nullable(z.looseObject({ intent: z.string() }))),
  entities: z.optional(z.nullable(z.array(luisEntitySchema))),
});
export type LuisAnswer = z.infer<typeof luisAnswerSchema>;

export const NOT_UNDERSTOOD = 'No search understood in this sentence';

/** Namespaces of §22 and how the search list joins them (the list declares them when it registers). */
const AGE_NAMESPACE = 'or_aiavgage';
const RIGHTS_NAMESPACE = 'or_dteendrights';
const DURATION_NAMESPACE = 'or_tabs.and_video.or_duration';
/**
 * Ages are one or-group (a baby is any of three tests); rights end dates one or-group; a duration
 * bucket is an and (video, above its floor, up to its ceiling): the portal's queries hold one flat
 * level of namespaces, so two buckets at once would both have to hold (none does).
 */
export const NATURAL_LANGUAGE_NAMESPACES: Record<string, 'and' | 'or'> = {
  [AGE_NAMESPACE]: 'or',
  [RIGHTS_NAMESPACE]: 'or',
  [DURATION_NAMESPACE]: 'and',
};

/** §22 "Phrases that may trigger it", matched as a lower-cased prefix. */
export const NATURAL_LANGUAGE_PHRASES = [
  'show me',
  'i want',
  "i'm looking for",
  'only ',
  'do we have ',
  'search for ',
];

/** Whether the text starts with a phrase of §22 (typed apostrophes ’ count as '). */
export function offersNaturalLanguage(text: string): boolean {
  const lower = text
    .trimStart()
    .toLowerCase()
    .replace(/\u2019/g, "'");
  return NATURAL_LANGUAGE_PHRASES.some((phrase) => lower.startsWith(phrase));
}

/** Seconds of the video duration buckets of §22: floor (gt) and ceiling (lte, none for big). */
export const DURATION_BUCKETS: Record<string, { gt: number; lte: number | null }> = {
  'videoDuration.small': { gt: 0, lte: 300 },
  'videoDuration.medium': { gt: 300, lte: 1200 },
  'videoDuration.big': { gt: 1200, lte: null },
};

const AGE_FACES: Record<string, string> = {
  'age.baby': 'ai_nbfaces_baby',
  'age.children': 'ai_nbfaces_children',
  'age.adults': 'ai_nbfaces_adult',
  'age.senior': 'ai_nbfaces_senior',
};

const DATERANGE = 'builtin.datetimeV2.daterange';

/** The concepts a baby is also found by (§22), one constraint: one lookup list per concept, sent at once. */
const BABY_CONCEPTS = ['baby', 'toddler'];

/** The strings of an entity's resolution.values (a daterange value gives its `end`, else its `start`). */
function valuesOf(entity: LuisEntity): string[] {
  const values = entity.resolution?.values ?? [];
  const out: string[] = [];
  for (const value of values) {
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const picked = record.end ?? record.start ?? record.value ?? record.name ?? record.canonicalForm;
      if (typeof picked === 'string' || typeof picked === 'number') out.push(String(picked));
    }
  }
  return out;
}

const isAgeType = (type: string) => type === 'age' || type.startsWith('age.') || type.startsWith('age#');

function ageChip(value: string, text: string, type: string): Chip | null {
  const faces = AGE_FACES[value];
  if (!faces) return null;
  const namespace = AGE_NAMESPACE;
  const constraints: Record<string, Constraint> = {
    [value]: { field: faces, operator: 'gte', value: 1, namespace },
  };
  if (value === 'age.baby') {
    // §22 `ai_concepts` dof_name [baby] or [toddler]: one `dof` of both names is the same or, and
    // the names go through the related-entity lookup (§8.3) to the concepts' ids
    constraints[`${value}#concepts`] = {
      field: 'ai_concepts',
      operator: 'dof_name',
      value: BABY_CONCEPTS,
      namespace,
    };
  }
  return { key: value, kind: 'age', type, value, text, constraints };
}

function rightsChip(end: string, text: string, type: string): Chip {
  const key = `rightOfUse.since_${end}`;
  return {
    key,
    kind: 'rights',
    type,
    value: end,
    text,
    constraints: {
      [key]: { field: 'dteendrights', operator: 'gt', value: end, namespace: RIGHTS_NAMESPACE },
    },
  };
}

function durationChip(value: string, text: string, type: string): Chip | null {
  const bucket = DURATION_BUCKETS[value];
  if (!bucket) return null;
  const namespace = DURATION_NAMESPACE;
  const constraints: Record<string, Constraint> = {
    [`${value}#video`]: { field: 'assetnature', operator: 'dof_code', value: ['video'], namespace },
    [value]: { field: 'duration', operator: 'gt', value: bucket.gt, namespace },
  };
  if (bucket.lte !== null) {
    constraints[`${value}#lte`] = { field: 'duration', operator: 'lte', value: bucket.lte, namespace };
  }
  return { key: value, kind: 'duration', type, value, text, constraints };
}

/**
 * §22 "anything else": `{type}_{op}` with `{type}: {"{op}_{code|name}": [values]}`, op `dof` for
 * assetnature and location, `in` otherwise; the field `code` for assetnature, `name` otherwise.
 */
function otherOperator(type: string): { op: 'dof' | 'in'; operator: string } {
  const op = type === 'assetnature' || type === 'location' ? 'dof' : 'in';
  return { op, operator: `${op}_${type === 'assetnature' ? 'code' : 'name'}` };
}

/**
 * The chips of an answer whose intent is `search` (§22), one per constraint key, in the order of
 * the sentence; entities of the same other type are one chip with all their values. LUIS's other
 * built-in types (numbers, single dates) name no field and are left out.
 */
export function chipsOf(entities: readonly LuisEntity[]): Chip[] {
  const chips = new Map<string, Chip>();
  const add = (chip: Chip | null) => {
    if (!chip) return;
    const known = chips.get(chip.key);
    if (!known) {
      chips.set(chip.key, chip);
      return;
    }
    if (!known.text.split(', ').includes(chip.text)) known.text = `${known.text}, ${chip.text}`;
  };
  for (const entity of entities) {
    const { type, entity: text } = entity;
    const values = valuesOf(entity);
    if (isAgeType(type)) {
      for (const value of values) add(ageChip(value, text, type));
    } else if (type === DATERANGE) {
      for (const value of values) add(rightsChip(value, text, type));
    } else if (type === 'duration') {
      for (const value of values) add(durationChip(value, text, type));
    } else if (!type.startsWith('builtin.')) {
      if (values.length === 0) continue;
      const { op, operator } = otherOperator(type);
      const key = `${type}_${op}`;
      const known = chips.get(key);
      const merged = [
        ...new Set([...((known?.constraints[key]?.value as string[] | undefined) ?? []), ...values]),
      ];
      const texts = known ? [...new Set([...known.text.split(', '), text])].join(', ') : text;
      chips.set(key, {
        key,
        kind: 'other',
        type,
        value: merged.join(', '),
        text: texts,
        constraints: { [key]: { field: type, operator, value: merged } },
      });
    }
  }
  return [...chips.values()];
}

/** The answer read: the chips of a `search` intent, or the intent that is not one. */
export function readAnswer(
  answer: LuisAnswer,
): { search: true; chips: Chip[] } | { search: false; intent: string } {
  const intent = answer.topScoringIntent?.intent ?? 'None';
  if (intent !== 'search') return { search: false, intent };
  return { search: true, chips: chipsOf(answer.entities ?? []) };
}

/** Every constraint of the chips, by key: the list's whole new query. */
export function constraintsOfChips(chips: readonly Chip[]): Record<string, Constraint> {
  const out: Record<string, Constraint> = {};
  for (const chip of chips) Object.assign(out, chip.constraints);
  return out;
}

/** Words that tie a chip's words to the sentence ("videos of babies"): they leave with them. */
const CONNECTORS = new Set(['of', 'with', 'and', 'from', 'in', 'de', 'des', 'du', 'avec', 'et']);

/** The sentence without one run of words (case ignored), and one connector next to it, before first. */
function withoutWords(sentence: string, words: string): string {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const cut = words.toLowerCase().split(/\s+/).filter(Boolean);
  if (cut.length === 0) return sentence;
  const lower = tokens.map((token) => token.toLowerCase());
  const at = lower.findIndex((_, index) => cut.every((word, offset) => lower[index + offset] === word));
  if (at < 0) return sentence;
  let start = at;
  let end = at + cut.length;
  if (CONNECTORS.has(lower[start - 1] ?? '')) start -= 1;
  else if (CONNECTORS.has(lower[end] ?? '')) end += 1;
  return [...tokens.slice(0, start), ...tokens.slice(end)].join(' ');
}

/**
 * The sentence a chip's removal leaves: its words cut out (each of them, for a chip that joins
 * several), so that analysing it again finds the other chips and not this one (issue 28: `?nl=`
 * follows the chips).
 */
export function sentenceWithout(sentence: string, chip: Pick<Chip, 'text'>): string {
  const whole = withoutWords(sentence, chip.text);
  if (whole !== sentence) return whole;
  return chip.text.split(', ').reduce(withoutWords, sentence);
}
