/**
 * The statements of the three seeds (`000_*.txt`, `001_*.txt`, `002_*.txt`), numbered so that
 * docs/spec-coverage.md can say, for each one, where it is built and tested (issue 24).
 *   npx tsx scripts/spec-statements.ts [spec folder]     prints "id<TAB>text", one a line
 *
 * A statement is a bullet (a numbered step too), a data row of a table, or a sentence of a prose
 * paragraph; headings, a sentence ending in ':' that introduces a list, table headers and
 * separators are not. Ids are `<seed>-§<section>-<n>`: the seed's three digits, the number of its
 * `## N.` section (0 for the text before the first one) and the statement's rank in that section,
 * from 1. Reading the same seeds gives the same ids.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Statement {
  id: string;
  text: string;
}

/** Where the seeds are when no folder is given: the shared spec beside the repository. */
const DEFAULT_SPEC_DIR = '../shared/spec';
const SEEDS = ['000', '001', '002'];
/** The doc's statement column holds at most this many characters of the text, then "…". */
const SHORT_LENGTH = 100;

const heading = /^#{1,6}\s/;
const sectionHeading = /^##\s+(\d+)\./;
const tableSeparator = /^\|[\s|:-]+\|$/;
const bullet = /^(?:[-*]|\d+\.)\s+/;
/** a sentence ends at . ! or ? followed by a space and a capital, a quote, a bracket or bold text */
const sentenceEnd = /(?<=[.!?])\s+(?=[A-Z'"(*])/;

function cells(row: string): string[] {
  return row
    .slice(1, row.endsWith('|') ? -1 : undefined)
    .split('|')
    .map((cell) => cell.trim());
}

/** The statements of one seed's text, in reading order. */
export function statementsOf(seed: string, text: string): Statement[] {
  const found: Statement[] = [];
  let section = 0;
  let ordinal = 0;
  let paragraph: string[] = [];
  let tableRows: string[] = [];
  let listItem: string | null = null;

  const add = (statement: string) => {
    ordinal += 1;
    found.push({ id: `${seed}-§${section}-${ordinal}`, text: statement });
  };
  const flushParagraph = () => {
    const prose = paragraph.join(' ').trim();
    for (const sentence of prose ? prose.split(sentenceEnd) : []) {
      // a sentence ending in ':' ("Rules:") introduces the list below it, like a heading
      if (!sentence.trim().endsWith(':')) add(sentence.trim());
    }
    paragraph = [];
  };
  const flushListItem = () => {
    if (listItem !== null) add(listItem);
    listItem = null;
  };
  const flushTable = () => {
    // the header (first row) names the columns; every other row is a statement
    for (const row of tableRows.slice(1)) add(cells(row).join(' | '));
    tableRows = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushListItem();
    flushTable();
  };

  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const isTableRow = line.startsWith('|');
    if (!isTableRow && tableRows.length > 0) flushTable();
    if (line === '') {
      flushAll();
    } else if (heading.test(line)) {
      flushAll();
      const number = sectionHeading.exec(line)?.[1];
      if (number !== undefined) {
        section = Number(number);
        ordinal = 0;
      }
    } else if (isTableRow) {
      flushParagraph();
      flushListItem();
      if (!tableSeparator.test(line)) tableRows.push(line);
    } else if (bullet.test(line)) {
      flushParagraph();
      flushListItem();
      listItem = line.replace(bullet, '');
    } else if (listItem !== null) {
      listItem = `${listItem} ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flushAll();
  return found;
}

/** Every statement of the three seeds found in `dir`, seed by seed. */
export function extractStatements(dir: string = DEFAULT_SPEC_DIR): Statement[] {
  const files = readdirSync(dir);
  return SEEDS.flatMap((seed) => {
    const file = files.find((name) => name.startsWith(`${seed}_`) && name.endsWith('.txt'));
    if (!file) throw new Error(`No seed ${seed}_*.txt in ${resolve(dir)}`);
    return statementsOf(seed, readFileSync(join(dir, file), 'utf8'));
  });
}

/** A statement's text as the doc's table shows it: whitespace folded, cut at SHORT_LENGTH. */
export function shorten(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length <= SHORT_LENGTH ? folded : `${folded.slice(0, SHORT_LENGTH).trimEnd()}…`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { id, text } of extractStatements(process.argv[2])) console.log(`${id}\t${text}`);
}
