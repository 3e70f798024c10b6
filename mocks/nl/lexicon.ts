import { CATEGORY_OUTLINE, GENERIC_KEYWORDS } from '../db/vocabulary';

/**
 * The words the demo analyzer knows, English and French. Each pattern is a piece of a regular
 * expression (flags `iu`), matched on whole words; the first rule that matches a span wins it.
 */
export interface Rule {
  type: string;
  value: string;
  pattern: string;
}

/** `s?` on every word of a phrase: "black and white" stays, "poster" matches "posters". */
const plural = (word: string): string => `${escapeWords(word)}(?:e?s)?`;
const escapeWords = (text: string): string =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[-\s]/g, '[-\\s]?');

/** Age buckets of protocol §22: the entity type is `age.baby` for all four, the value says which. */
export const AGE_RULES: Rule[] = [
  {
    type: 'age.baby',
    value: 'age.baby',
    pattern: 'bab(?:y|ies)|toddlers?|infants?|newborns?|b[ée]b[ée]s?|nourrissons?|tout[-\\s]petits?',
  },
  {
    type: 'age.baby',
    value: 'age.children',
    pattern: 'child(?:ren)?|kids?|teen(?:ager)?s?|youngsters?|enfants?|ados?|adolescente?s?|jeunes|gamins?',
  },
  { type: 'age.baby', value: 'age.adults', pattern: 'adults?|grown[-\\s]?ups?|adultes?' },
  {
    type: 'age.baby',
    value: 'age.senior',
    pattern:
      'seniors?|elderly|old(?:er)? (?:people|persons?|men|women)|retirees?|pensioners?|personnes? [âa]g[ée]es?|retrait[ée]e?s?|a[îi]n[ée]e?s',
  },
];

const VIDEO = '(?:vid[ée]os?|clips?|films?|movies?|footage)';

/** Duration buckets of protocol §22 said in words (numbers are read by the analyzer). */
export const DURATION_RULES: Rule[] = [
  {
    type: 'duration',
    value: 'videoDuration.small',
    pattern: `(?:short|brief|quick)(?:est)? ${VIDEO}|${VIDEO} (?:courte?s?|br[èe]ves?|rapides?)|courte?s? ${VIDEO}`,
  },
  {
    type: 'duration',
    value: 'videoDuration.medium',
    pattern: `(?:medium|mid)(?:[-\\s]length)? ${VIDEO}|${VIDEO} (?:moyenne?s?|de longueur moyenne)`,
  },
  {
    type: 'duration',
    value: 'videoDuration.big',
    pattern: `(?:long|longer|lengthy) ${VIDEO}|${VIDEO} (?:longue?s?)|longue?s? ${VIDEO}`,
  },
];

/** Asset natures (codes of `assetnature`). */
export const NATURE_RULES: Rule[] = [
  {
    type: 'assetnature',
    value: 'image',
    pattern: 'images?|photo(?:graph)?s?|pictures?|pics?|visuels?|illustrations?',
  },
  { type: 'assetnature', value: 'video', pattern: VIDEO },
  {
    type: 'assetnature',
    value: 'document',
    pattern: 'documents?|docs?|pdfs?|pr[ée]sentations?|slides?|spreadsheets?|tableurs?|fichiers? texte',
  },
];

/** French (and a few English) names of the place categories, keyed by the category name. */
const PLACE_SYNONYMS: Record<string, string> = {
  Paris: 'paris',
  Lyon: 'lyon',
  'New York': 'new[-\\s]?york|nyc',
  Tokyo: 'tokyo|tokio',
  Mountains: 'mountains?|montagnes?|alpes|alps',
  Coast: 'coasts?|seaside|beach(?:es)?|c[ôo]tes?|bord de mer|plages?|littoral',
  Forests: 'forests?|woods|for[êe]ts?|bois',
  Deserts: 'deserts?|d[ée]serts?',
};

/** Places: the leaves of the "Places" themes Cities and Landscapes, searched as categories. */
export const PLACE_RULES: Rule[] = (() => {
  const places = CATEGORY_OUTLINE.find((root) => root.name === 'Places');
  const leaves = (places?.themes ?? [])
    .filter((theme) => theme.name === 'Cities' || theme.name === 'Landscapes')
    .flatMap((theme) => [...theme.leaves]);
  return leaves.map((leaf) => ({
    type: 'categories',
    value: leaf,
    pattern: PLACE_SYNONYMS[leaf] ?? plural(leaf),
  }));
})();

/** French words of some keywords, keyed by the keyword name. */
const KEYWORD_SYNONYMS: Record<string, string> = {
  city: 'villes?',
  travel: 'voyages?|travels?',
  landscape: 'paysages?',
  sky: 'ciels?|cieux',
  street: 'rues?',
  office: 'bureaux|bureau',
  family: 'famille?s?|families',
  people: 'gens|personnes',
  team: '[ée]quipes?',
  food: 'nourriture|alimentation',
  drink: 'boissons?',
  coffee: 'caf[ée]s?',
  organic: 'bio',
  summer: '[ée]t[ée]',
  winter: 'hiver',
  blue: 'bleue?s?',
  red: 'rouges?',
  green: 'verte?s?',
  yellow: 'jaunes?',
  'black and white': 'noir et blanc',
  night: 'nuits?',
  product: 'produits?',
  hiking: 'randonn[ée]es?',
  outdoor: 'ext[ée]rieurs?|plein air',
  packaging: 'emballages?',
  label: '[ée]tiquettes?',
  poster: 'affiches?',
  advertising: 'publicit[ée]s?',
  'social media': 'r[ée]seaux sociaux',
  event: '[ée]v[ée]nements?',
  conference: 'conf[ée]rences?',
  launch: 'lancements?',
  customer: 'clients?|clientes?',
  furniture: 'mobilier|meubles?',
  interior: 'int[ée]rieurs?|d[ée]coration',
  workplace: 'lieux? de travail',
  retail: 'commerces?|magasins?',
  architecture: 'architecture',
  nature: 'nature',
  identity: 'identit[ée]',
  icon: 'ic[ôo]nes?',
  typography: 'typographie',
  audience: 'public',
  corporate: 'entreprise',
  lifestyle: 'art de vivre',
  vintage: 'r[ée]tro',
  minimal: 'minimaliste',
  bright: 'lumineux|lumineuse',
  dark: 'sombres?',
  aerial: 'a[ée]riennes?|vue du ciel',
};

/** Keywords of the demo vocabulary: every theme keyword and generic keyword, in English and French. */
export const KEYWORD_RULES: Rule[] = (() => {
  const names = new Set<string>([
    ...CATEGORY_OUTLINE.flatMap((root) => root.themes.flatMap((theme) => [...theme.keywords])),
    ...GENERIC_KEYWORDS,
  ]);
  // longest first: "social media" before "media", "black and white" before "white"
  return [...names]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((name) => {
      const synonyms = KEYWORD_SYNONYMS[name];
      const own = name === 'city' ? 'city|cities' : plural(name);
      return { type: 'keywords', value: name, pattern: synonyms ? `${own}|${synonyms}` : own };
    });
})();

/** Month names, January = 0. */
export const MONTHS: readonly string[][] = [
  ['january', 'jan', 'janvier', 'janv'],
  ['february', 'feb', 'février', 'fevrier', 'févr', 'fevr'],
  ['march', 'mar', 'mars'],
  ['april', 'apr', 'avril', 'avr'],
  ['may', 'mai'],
  ['june', 'jun', 'juin'],
  ['july', 'jul', 'juillet', 'juil'],
  ['august', 'aug', 'août', 'aout'],
  ['september', 'sep', 'sept', 'septembre'],
  ['october', 'oct', 'octobre'],
  ['november', 'nov', 'novembre'],
  ['december', 'dec', 'décembre', 'decembre', 'déc'],
];

/** A sentence speaks of rights of use when it has one of these words. */
export const RIGHTS_WORDS =
  'rights?|licen[cs]es?|licensed|usage|valid|expir(?:e|es|ing|y|ation)|droits?|valables?|valides?|libres? de droits|expir(?:e|ent|ant|ation)';
