import { describe, expect, it } from 'vitest';
import { deadExports } from './dead-exports';
import { readSources } from './import-graph';

const sources = readSources(process.cwd(), ['streams', 'src', 'mocks', 'scripts', 'tests']);
const product = [...sources.keys()].filter((path) => /^(streams|src)\//.test(path));
const everyFile = [...sources.keys()];
const outsideTests = everyFile.filter((path) => !path.startsWith('tests/'));

/**
 * Exports only tests import: a pure rule checked alone, the message a test compares with, a
 * type a test double needs, or a read of a slice a test asserts on (listed in a domain's manifest
 * until its unused `selectors` field went). Each is a choice, so a new one is added here on purpose.
 */
const EXPORTED_FOR_TESTS = [
  'src/app/mount-settings.ts: defaultApiPath',
  'src/i18n/locales.ts: registerLanguage',
  'src/imports/running-commands.tsx: standingFailures',
  'src/search/active-filters.tsx: CATEGORY_NAMES_CURSOR',
  'streams/aggregates/selectors.ts: selectSortedAggregate',
  'streams/analytics/endpoints.ts: assetResources',
  'streams/analytics/endpoints.ts: topLineOf',
  'streams/analytics/selectors.ts: selectAssetEventCount',
  'streams/analytics/selectors.ts: selectGenericTop',
  'streams/batches/selectors.ts: selectBatches',
  'streams/cache/epics.ts: recordKey',
  'streams/carts/list-rules.ts: NAME_NOT_EMPTY',
  'streams/carts/list-rules.ts: NAME_REQUIRED',
  'streams/core/http.ts: fileNameOfDisposition',
  'streams/core/http.ts: HttpNotice',
  'streams/core/http.ts: HttpResponse',
  'streams/core/query/operators.ts: OPERATORS',
  'streams/core/secrets.ts: isSecretKey',
  'streams/cursors/selectors.ts: selectCursorIds',
  'streams/cursors/selectors.ts: selectCursorRowAt',
  'streams/entities/persistence-epics.ts: readDrafts',
  'streams/entities/persistence-epics.ts: storedDrafts',
  'streams/entities/selectors.ts: selectDraftRefusal',
  'streams/entities/selectors.ts: selectDraftValues',
  'streams/entities/selectors.ts: selectVariationDetail',
  'streams/imports/selectors.ts: selectUploadFile',
  'streams/imports/selectors.ts: selectUploadProgress',
  'streams/imports/upload-epics.ts: uploadError',
  'streams/logs/api.ts: logHash',
  'streams/outbox/epics.ts: storageKey',
  'streams/pages/model.ts: splitChain',
  'streams/pages/selectors.ts: selectBlockSiblings',
  'streams/pages/selectors.ts: selectDraftTree',
  'streams/pages/selectors.ts: selectEditorConfig',
  'streams/pages/selectors.ts: selectPageList',
  'streams/players/selectors.ts: selectPlayerScript',
  'streams/preferences/selectors.ts: selectCursorBookmarks',
  'streams/queries/reducer.ts: entryOf',
  'streams/recorder/resimulate.ts: EventSummary',
  'streams/reverse-search/epics.ts: REPORT_NOT_READY',
  'streams/saved-searches/selectors.ts: selectSavedSearch',
  'streams/schemas/api.ts: domainSchemaName',
  'streams/schemas/api.ts: NO_SECTION',
  'streams/schemas/api.ts: TOO_MANY_SECTIONS',
  'streams/schemas/selectors.ts: selectSchemaDomain',
  'streams/search/url.ts: EMPTY_SEARCH',
  'streams/session/selectors.ts: selectSurferType',
  'streams/trees/selectors.ts: selectTreeAncestors',
  'streams/trees/selectors.ts: selectTreeRoots',
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
