// Every domain's code, so the event catalogue is whole and the tests' root reducer folds every
// slice (the live portal loads some domains with their first screen).
import './all-domains';
