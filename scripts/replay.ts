/**
 * Folds a recorded `*.evlog.json` through today's reducers (epics off) and summarises the state
 * it ends in: the first look at a user's "Report a problem" file (scripts/replay-command.ts).
 *   npm run replay -- <file.evlog.json> [--json] [--until <seq>] [--print <path>] [--resimulate]
 */
import { createPortalDomains } from '../streams/root';
import { replayCommand } from './replay-command';

// every domain's code: the catalogue to check the log against and every reducer to fold it
const domains = createPortalDomains();
await domains.loadAll();
process.exitCode = replayCommand(process.argv.slice(2), console, domains);
