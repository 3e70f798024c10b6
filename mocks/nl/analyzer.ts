import {
  AGE_RULES,
  DURATION_RULES,
  KEYWORD_RULES,
  MONTHS,
  NATURE_RULES,
  PLACE_RULES,
  RIGHTS_WORDS,
  type Rule,
} from './lexicon';

/** A daterange value as LUIS's `builtin.datetimeV2.daterange` resolves it (`end` excluded). */
export interface DateRangeValue {
  timex: string;
  type: 'daterange';
  start: string;
  end: string;
}

/** An entity of a LUIS v2 answer. */
export interface LuisEntity {
  /** the words of the phrase, lower-cased, as LUIS gives them */
  entity: string;
  type: string;
  startIndex: number;
  /** inclusive */
  endIndex: number;
  score?: number;
  resolution: { values: (string | DateRangeValue)[] };
}

/** The answer of `GET /luis/analyze` (protocol §22), in the shape of LUIS v2. */
export interface LuisAnswer {
  query: string;
  topScoringIntent: { intent: string; score: number };
  intents: { intent: string; score: number }[];
  entities: LuisEntity[];
}

/** The intent that acts (protocol §22); every other answer means "no search understood". */
export const SEARCH_INTENT = 'search';
export const NONE_INTENT = 'None';

/** Phrases that may start a natural-language search (protocol §22), English and French. */
export const TRIGGER_PHRASES = [
  'show me',
  'i want',
  "i'm looking for",
  'only ',
  'do we have ',
  'search for ',
  'montre-moi',
  'montrez-moi',
  'je veux',
  'je cherche',
  'uniquement ',
  'avons-nous ',
  'cherche ',
];

const LETTER = '[\\p{L}\\p{N}]';
/** A pattern matched on whole words (JavaScript's `\b` does not know accented letters). */
const words = (pattern: string): RegExp => new RegExp(`(?<!${LETTER})(?:${pattern})(?!${LETTER})`, 'giu');

interface Span {
  start: number;
  /** exclusive */
  end: number;
}

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** Seconds in a number of units: "20 minutes", "1 hour", "90 s", "2 heures". */
function seconds(amount: number, unit: string): number {
  if (/^(?:h|hours?|heures?|hrs?)$/iu.test(unit)) return amount * 3600;
  if (/^(?:s|secs?|seconds?|secondes?)$/iu.test(unit)) return amount;
  return amount * 60;
}

const BUCKETS = [
  { value: 'videoDuration.small', low: 0, high: 300 },
  { value: 'videoDuration.medium', low: 300, high: 1200 },
  { value: 'videoDuration.big', low: 1200, high: Number.POSITIVE_INFINITY },
] as const;

/**
 * One bucket for a range said in numbers (the client joins the buckets of one sentence with "and",
 * so two would find nothing): of the buckets the range covers whole, the one nearest the bound said
 * ("longer than 2 minutes": medium, "shorter than 10 minutes": small, "longer than 20 minutes": big);
 * when it covers none whole, the bucket holding the middle of the range ("between 1 and 3 minutes":
 * small).
 */
export function bucketOf(low: number, high: number): string | undefined {
  const inside = BUCKETS.filter((bucket) => bucket.low >= low && bucket.high <= high);
  if (inside.length > 0) {
    const bound = Number.isFinite(high) ? (low === 0 ? high : (low + high) / 2) : low;
    const distance = (bucket: (typeof BUCKETS)[number]) =>
      Math.min(Math.abs(bucket.low - bound), Math.abs(bucket.high - bound));
    return [...inside].sort((a, b) => distance(a) - distance(b))[0]?.value;
  }
  const middle = Number.isFinite(high) ? (low + high) / 2 : low;
  return BUCKETS.find((bucket) => middle > bucket.low && middle <= bucket.high)?.value ?? BUCKETS[0].value;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  un: 1,
  une: 1,
  two: 2,
  deux: 2,
  three: 3,
  trois: 3,
  five: 5,
  cinq: 5,
  ten: 10,
  dix: 10,
  fifteen: 15,
  quinze: 15,
  twenty: 20,
  vingt: 20,
  thirty: 30,
  trente: 30,
};
const AMOUNT = `\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS).join('|')}`;
const UNIT = 'minutes?|mins?|mn|hours?|hrs?|h|heures?|seconds?|secs?|s|secondes?';
const amountOf = (text: string): number => NUMBER_WORDS[text.toLowerCase()] ?? Number(text.replace(',', '.'));

/** "longer than 20 minutes", "plus de 20 minutes", "under 5 min", "between 5 and 20 minutes". */
const DURATION_PHRASES: { pattern: RegExp; range: (a: number, b?: number) => [number, number] }[] = [
  {
    pattern: words(`(?:between|entre) (${AMOUNT}) (?:(?:${UNIT}) )?(?:and|et) (${AMOUNT}) (${UNIT})`),
    range: (a, b) => [a, b ?? a],
  },
  {
    pattern: words(
      `(?:longer than |more than |over |above |at least |plus (?:longues? )?de |plus (?:longues? )?d['’]|plus longues? que |au moins |de plus de |de plus d['’]|d[ée]passant |sup[ée]rieures? [àa] )(${AMOUNT}) (${UNIT})`,
    ),
    range: (a) => [a, Number.POSITIVE_INFINITY],
  },
  {
    pattern: words(
      `(?:shorter than |less than |under |below |at most |up to |moins de |moins d['’]|plus courtes? que |de moins de |de moins d['’]|au plus |jusqu['’][àa] |inf[ée]rieures? [àa] )(${AMOUNT}) (${UNIT})`,
    ),
    range: (a) => [0, a],
  },
];

/** The month number (0..11) of a month name, or -1. */
function monthOf(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((names) => names.includes(lower));
}

const MONTH_NAMES = MONTHS.flat()
  .sort((a, b) => b.length - a.length)
  .join('|');
const pad = (value: number): string => String(value).padStart(2, '0');
const isoDay = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** Dates said in a sentence: "June 2027", "juin 2027", "15 June 2027", "2027-06", "06/2027", "2027". */
const DATE_PHRASES: { pattern: RegExp; range: (match: RegExpExecArray) => DateRangeValue | undefined }[] = [
  {
    pattern: words(`(\\d{1,2})(?:er|st|nd|rd|th)? (${MONTH_NAMES})\\.? (\\d{4})`),
    range: (match) => dayRange(Number(match[3]), monthOf(match[2] as string), Number(match[1])),
  },
  {
    pattern: words(`(${MONTH_NAMES})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})`),
    range: (match) => dayRange(Number(match[3]), monthOf(match[1] as string), Number(match[2])),
  },
  {
    pattern: words(`(${MONTH_NAMES})\\.? (\\d{4})`),
    range: (match) => monthRange(Number(match[2]), monthOf(match[1] as string)),
  },
  {
    pattern: words('(\\d{4})-(\\d{2})-(\\d{2})'),
    range: (match) => dayRange(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  },
  {
    pattern: words('(\\d{4})-(\\d{2})'),
    range: (match) => monthRange(Number(match[1]), Number(match[2]) - 1),
  },
  {
    pattern: words('(\\d{1,2})/(\\d{4})'),
    range: (match) => monthRange(Number(match[2]), Number(match[1]) - 1),
  },
  {
    pattern: words('((?:19|20)\\d{2})'),
    range: (match) => {
      const year = Number(match[1]);
      return {
        timex: String(year),
        type: 'daterange',
        start: isoDay(year, 0, 1),
        end: isoDay(year + 1, 0, 1),
      };
    },
  },
];

function monthRange(year: number, month: number): DateRangeValue | undefined {
  if (month < 0 || month > 11) return undefined;
  return {
    timex: `${year}-${pad(month + 1)}`,
    type: 'daterange',
    start: isoDay(year, month, 1),
    end: isoDay(year, month + 1, 1),
  };
}

function dayRange(year: number, month: number, day: number): DateRangeValue | undefined {
  if (month < 0 || month > 11 || day < 1 || day > 31) return undefined;
  const start = isoDay(year, month, day);
  return { timex: start, type: 'daterange', start, end: isoDay(year, month, day + 1) };
}

/** Scores are fixed: the analyzer is a set of rules, not a model. */
const ENTITY_SCORE = 0.92;
const SEARCH_SCORE = 0.94;

/**
 * Reads a sentence in English or French the way the demo's LUIS model would: ages, video
 * durations, rights dates, natures, places and keywords. Deterministic: the same phrase always
 * gives the same answer. Intent `search` when at least one entity was found, `None` otherwise.
 */
export function analyze(phrase: string): LuisAnswer {
  const query = phrase;
  const lower = phrase.toLowerCase();
  const taken: Span[] = [];
  const entities: LuisEntity[] = [];
  const add = (span: Span, type: string, values: LuisEntity['resolution']['values']): void => {
    taken.push(span);
    entities.push({
      entity: lower.slice(span.start, span.end),
      type,
      startIndex: span.start,
      endIndex: span.end - 1,
      score: ENTITY_SCORE,
      resolution: { values },
    });
  };
  const free = (span: Span): boolean => !taken.some((other) => overlaps(other, span));
  const each = (pattern: RegExp, use: (match: RegExpExecArray, span: Span) => void): void => {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(phrase); match; match = pattern.exec(phrase)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (free(span)) use(match, span);
    }
  };

  // durations in numbers, then in words: a duration says "videos" already
  for (const { pattern, range } of DURATION_PHRASES) {
    each(pattern, (match, span) => {
      const unit = (match[3] ?? match[2]) as string;
      const a = seconds(amountOf(match[1] as string), unit);
      const b = match[3] === undefined ? undefined : seconds(amountOf(match[2] as string), unit);
      const [low, high] = range(a, b);
      const bucket = bucketOf(low, high);
      if (bucket) add(span, 'duration', [bucket]);
    });
  }
  const applyRules = (rules: readonly Rule[]): void => {
    for (const rule of rules) each(words(rule.pattern), (_, span) => add(span, rule.type, [rule.value]));
  };
  applyRules(DURATION_RULES);
  const hasDuration = entities.length > 0;
  // "videos" next to a duration said in numbers ("videos longer than 20 minutes") is part of it
  if (hasDuration) each(words(NATURE_RULES[1]?.pattern ?? ''), (_, span) => taken.push(span));

  applyRules(AGE_RULES);
  if (words(RIGHTS_WORDS).test(phrase)) {
    for (const { pattern, range } of DATE_PHRASES) {
      each(pattern, (match, span) => {
        const value = range(match);
        if (value) add(span, 'builtin.datetimeV2.daterange', [value]);
      });
    }
  }
  applyRules(PLACE_RULES);
  applyRules(NATURE_RULES);
  applyRules(KEYWORD_RULES);

  entities.sort((a, b) => a.startIndex - b.startIndex);
  const intent = entities.length > 0 ? SEARCH_INTENT : NONE_INTENT;
  const top = { intent, score: entities.length > 0 ? SEARCH_SCORE : 0.71 };
  const other = {
    intent: intent === SEARCH_INTENT ? NONE_INTENT : SEARCH_INTENT,
    score: entities.length > 0 ? 0.04 : 0.08,
  };
  return { query, topScoringIntent: top, intents: [top, other], entities };
}

/** Whether a text starts with one of the phrases of §22 (lower-cased prefix). */
export function isTriggerPhrase(text: string): boolean {
  const lower = text.trimStart().toLowerCase();
  return TRIGGER_PHRASES.some((phrase) => lower.startsWith(phrase));
}
