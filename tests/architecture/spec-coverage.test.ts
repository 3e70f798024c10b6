import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractStatements, type Statement, shorten, statementsOf } from '../../scripts/spec-statements';

const DOC = 'docs/spec-coverage.md';

interface Row {
  id: string;
  statement: string;
  built: string;
  tested: string;
  notes: string;
}

/** The rows of the doc's tables whose first cell is a statement id; `\|` is a pipe inside a cell. */
function rowsOf(doc: string): Row[] {
  return doc
    .split('\n')
    .filter((line) => /^\|\s*\d{3}-§\d+-\d+\s*\|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|'));
      const [id = '', statement = '', built = '', tested = '', notes = ''] = cells;
      return { id, statement, built, tested, notes };
    });
}

/** Repository paths a cell names in backticks (`streams/...`, `tests/...`), and the doc's relative links. */
function pathsOf(doc: string, docPath: string): string[] {
  const named = [...doc.matchAll(/`((?:streams|src|mocks|tests|docs|scripts)\/[^`\s]*)`/g)].map((m) => m[1]!);
  const linked = [...doc.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(docPath), target));
  return [...new Set([...named, ...linked])];
}

/** A cell says where, when it names at least one path of the repository. */
const namesAPath = (cell: string) => /`(?:streams|src|mocks|tests|docs|scripts)\//.test(cell);

/** Everything wrong with the doc against the statements, each problem a line. */
function coverageProblems(
  doc: string,
  statements: readonly Statement[],
  exists: (path: string) => boolean,
): string[] {
  const problems: string[] = [];
  const rows = rowsOf(doc);
  const byId = new Map<string, Row[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  const known = new Set(statements.map(({ id }) => id));

  for (const { id, text } of statements) {
    const found = byId.get(id) ?? [];
    if (found.length === 0) problems.push(`${id}: no row`);
    else if (found.length > 1) problems.push(`${id}: ${found.length} rows`);
    else if (found[0]!.statement !== shorten(text))
      problems.push(`${id}: the statement is not the seed's text`);
  }
  for (const row of rows) {
    if (!known.has(row.id)) problems.push(`${row.id}: no such statement in the seeds`);
    if (!row.built || !row.tested) problems.push(`${row.id}: an empty cell`);
    else if ((!namesAPath(row.built) || !namesAPath(row.tested)) && !row.notes) {
      problems.push(`${row.id}: neither built or tested in a file nor a note saying why`);
    }
  }
  for (const path of pathsOf(doc, DOC)) if (!exists(path)) problems.push(`${path}: no such path`);
  return problems;
}

/** The statements as kept in the repository (`npx tsx scripts/spec-statements.ts > docs/spec-statements.tsv`). */
const KEPT = 'docs/spec-statements.tsv';
const kept: Statement[] = readFileSync(KEPT, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [id = '', text = ''] = line.split('\t');
    return { id, text };
  });
const SEEDS_DIR = '../shared/spec';

describe('docs/spec-coverage.md covers every statement of the three seeds (issue 24)', () => {
  const statements = kept;

  // the seeds sit beside the repository on the team's machines, not in a clone elsewhere
  it.runIf(existsSync(SEEDS_DIR))(`${KEPT} is the seeds' statements today`, () => {
    expect(kept).toEqual(extractStatements(SEEDS_DIR));
  });

  it('keeps the statements of the three seeds, ids and shortened texts unique', () => {
    const ids = statements.map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(statements.map(({ text }) => shorten(text))).size).toBe(ids.length);
    for (const seed of ['000', '001', '002'])
      expect(ids.some((id) => id.startsWith(`${seed}-§9-`))).toBe(true);
  });

  it('has one row per statement, each saying where it is built and tested or why not, naming only real paths', () => {
    expect(coverageProblems(readFileSync(DOC, 'utf8'), statements, existsSync)).toEqual([]);
  });

  it('numbers bullets, table rows and sentences, not headings nor the lead-in of a list', () => {
    const seed = [
      '# Title',
      'Intro one. Intro two.',
      '## 1. First',
      '- a bullet',
      '  that goes on',
      '### Sub',
      '| Field | Meaning |',
      '|---|---|',
      '| id | the id |',
      '## 2. Second',
      'Rules:',
      '1. step',
    ].join('\n');
    expect(statementsOf('009', seed)).toEqual([
      { id: '009-§0-1', text: 'Intro one.' },
      { id: '009-§0-2', text: 'Intro two.' },
      { id: '009-§1-1', text: 'a bullet that goes on' },
      { id: '009-§1-2', text: 'id | the id' },
      { id: '009-§2-1', text: 'step' },
    ]);
  });

  it('a planted doc with a missing, an empty, a stale and a wrong row, and a path that is not there, fails', () => {
    const planted: Statement[] = [
      { id: '009-§1-1', text: 'kept' },
      { id: '009-§1-2', text: 'missing' },
      { id: '009-§1-3', text: 'emptied' },
      { id: '009-§1-4', text: 'the seed now says this' },
    ];
    const doc = [
      '| 009-§1-1 | kept | `streams/gone.ts` | `tests/a.test.ts` | |',
      '| 009-§1-3 | emptied | – | – | |',
      '| 009-§1-4 | the seed said that | not built | – | not in the portal |',
      '| 009-§1-9 | removed from the seed | – | – | nothing to build |',
    ].join('\n');
    const exists = (path: string) => path !== 'streams/gone.ts';
    expect(coverageProblems(doc, planted, exists)).toEqual([
      '009-§1-2: no row',
      "009-§1-4: the statement is not the seed's text",
      '009-§1-3: neither built or tested in a file nor a note saying why',
      '009-§1-9: no such statement in the seeds',
      'streams/gone.ts: no such path',
    ]);
  });
});
