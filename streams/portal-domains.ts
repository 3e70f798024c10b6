/**
 * The manifests of the lazy domains that load with the `portal` chunk (vite.config.ts): `root.ts`
 * brings them through this one module. The import screens' and the CMS's domains load apart.
 */
export { logsDomain } from './logs/domain';
export { preferencesDomain } from './preferences/domain';
export { profileDomain } from './profile/domain';
export { notificationsDomain } from './notifications/domain';
export { outboxDomain } from './outbox/domain';
export { schemasDomain } from './schemas/domain';
export { queriesDomain } from './queries/domain';
export { cursorsDomain } from './cursors/domain';
export { treesDomain } from './trees/domain';
export { aggregatesDomain } from './aggregates/domain';
export { typeaheadDomain } from './typeahead/domain';
export { savedSearchesDomain } from './saved-searches/domain';
export { searchDomain } from './search/domain';
export { cacheDomain } from './cache/domain';
export { cartsDomain } from './carts/domain';
export { downloadsDomain } from './downloads/domain';
export { entitiesDomain } from './entities/domain';
export { playersDomain } from './players/domain';
export { batchesDomain } from './batches/domain';
export { analyticsDomain } from './analytics/domain';
export { selectionDomain } from './selection/domain';
export { reverseSearchDomain } from './reverse-search/domain';
export { naturalLanguageDomain } from './natural-language/domain';
