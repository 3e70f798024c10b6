import { loadAllDomains } from '../../streams/root';

// Every domain's code, so the catalogue is whole and the root reducer folds every slice
// (the live portal loads some domains with their first screen).
await loadAllDomains();
