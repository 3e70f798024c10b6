import { type SharedFact, share } from '../core/shared-facts';
import { commandStarted, commandStatusLoaded } from './events';

/**
 * What the other tabs of the user are told of the metadata commands (issue 25): a command started
 * here (the tab that polls for all then asks about it), and what that tab's status poll found.
 */
export const importSharedFacts: readonly SharedFact[] = [share(commandStarted), share(commandStatusLoaded)];
