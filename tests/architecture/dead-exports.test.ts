import { describe, expect, it } from 'vitest';
import { deadExports } from './dead-exports';
import { readSources } from './import-graph';

const sources = readSources(process.cwd(), ['streams', 'src', 'mocks', 'scripts', 'tests']);
const product = [...sources.keys()].filter((path) => /^(streams|src)\//.test(path));
const everyFile = [...sources.keys()];
const outsideTests = everyFile.filter((path) => !path.startsWith('tests/'));

/**
 * Exports only tests import: a pure rule checked alone, the message a test compares with, or a
 * type a test double needs. Each is a choice, so a new one is added here on purpose.
 */
const EXPORTED_FOR_TESTS = [
  'src/app/mount-settings.ts: defaultApiPath',
  'src/i18n/locales.ts: registerLanguage',
  'src/imports/running-commands.tsx: standingFailures',
  'src/search/active-filters.tsx: CATEGORY_NAMES_CURSOR',
  'streams/analytics/epics.ts: assetResources',
  'streams/analytics/epics.ts: topLineOf',
  'streams/cache/epics.ts: recordKey',
  'streams/carts/list-rules.ts: NAME_NOT_EMPTY',
  'streams/carts/list-rules.ts: NAME_REQUIRED',
  'streams/core/http.ts: fileNameOfDisposition',
  'streams/core/http.ts: HttpNotice',
  'streams/core/http.ts: HttpResponse',
  'streams/core/query/operators.ts: OPERATORS',
  'streams/core/redact.ts: isSecretKey',
  'streams/entities/persistence-epics.ts: readDrafts',
  'streams/entities/persistence-epics.ts: storedDrafts',
  'streams/imports/upload-epics.ts: uploadError',
  'streams/logs/api.ts: logHash',
  'streams/outbox/epics.ts: storageKey',
  'streams/pages/model.ts: splitChain',
  'streams/queries/reducer.ts: entryOf',
  'streams/recorder/resimulate.ts: EventSummary',
  'streams/reverse-search/epics.ts: REPORT_NOT_READY',
  'streams/schemas/api.ts: domainSchemaName',
  'streams/schemas/api.ts: NO_SECTION',
  'streams/schemas/api.ts: TOO_MANY_SECTIONS',
  'streams/search/url.ts: EMPTY_SEARCH',
];

// parsing every source takes seconds on a busy machine
describe('no dead exports (issue 23)', { timeout: 60_000 }, () => {
  it('every symbol streams/ and src/ export is imported somewhere', () => {
    expect(deadExports(sources, product, everyFile)).toEqual([]);
  });

  it('outside the tests, only the listed exports are unused', () => {
    expect(deadExports(sources, product, outsideTests).sort()).toEqual([...EXPORTED_FOR_TESTS].sort());
  });

  it('a planted export nothing imports fails, one imported passes', () => {
    const planted = new Map([
      ['streams/a/x.ts', 'export const used = 1;\nexport function unused() {}'],
      ['src/b.ts', "import { used } from '../streams/a/x';"],
    ]);
    expect(deadExports(planted, ['streams/a/x.ts'], ['src/b.ts'])).toEqual(['streams/a/x.ts: unused']);
  });
});
