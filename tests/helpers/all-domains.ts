import { createPortalDomains } from '../../streams/root';

/**
 * Every domain's code in one registry, for the tests: they fold with every reducer and run every
 * epic (the live portal brings some domains with their first screen). Each store the tests build
 * with these gets its own epics' state; the registry, complete from the start, never changes.
 */
export const allDomains = createPortalDomains();
await allDomains.loadAll();

export const rootReducer = allDomains.reducer;
export const rootEpic = allDomains.epic;
