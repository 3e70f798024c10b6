import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { eventCatalogue } from '../core/event';
import { type EventLogFile, eventSchemaHash, LOG_FORMAT, LOG_VERSION } from './log-format';
import { issueText } from '../core/zod-issues';

/**
 * The `*.evlog.json` file: an exported recording, and the input of replay and re-simulation.
 * This module reads one (schema, import verdict); writing one is `log-format.ts`, re-exported here.
 */
export {
  type AppIdentity,
  type EventLogFile,
  type LogSnapshot,
  type LoggedEvent,
  type SessionInfo,
  createLogFile,
  eventSchemaHash,
  LOG_FORMAT,
  LOG_VERSION,
  serializeLog,
  withNote,
} from './log-format';

/** How many offending paths or events a reason names before summing up the rest. */
const LISTED = 5;

const appSchema = z.object({ version: z.string(), commit: z.string(), eventSchemaHash: z.string() });

const sessionSchema = z.object({
  startedAt: z.number(),
  locale: z.string(),
  seed: z.nullable(z.number()),
});

/** An event's `EventMeta` (core/event.ts) as a log file holds it. */
const eventMetaSchema = z.object({
  seq: z.int(),
  id: z.string(),
  at: z.number(),
  source: z.enum(['ui', 'server', 'timer', 'storage', 'system']),
  cause: z.optional(z.string()),
  corr: z.optional(z.string()),
  input: z.optional(z.literal(true)),
  request: z.optional(z.string()),
});

/** The envelope only: payloads are checked against their own definitions after the parse. */
const loggedEventSchema = z.object({
  type: z.string().check(minLength(1)),
  payload: z.unknown(),
  error: z.optional(z.literal(true)),
  meta: eventMetaSchema,
});

const eventLogFileSchema = z.object({
  format: z.literal(LOG_FORMAT),
  version: z.literal(LOG_VERSION),
  app: appSchema,
  session: sessionSchema,
  // zod 4 requires `unknown` keys to be present: a snapshot without `state` fails the parse
  snapshot: z.nullable(z.object({ seq: z.int(), state: z.unknown() })),
  events: z.array(loggedEventSchema),
  /** what the user wrote when reporting a problem */
  note: z.optional(z.string()),
}) satisfies z.ZodMiniType<EventLogFile>;

type ImportVerdict = 'Impossible' | 'Risky' | 'Fine';

/** Elm's import assessment: Impossible logs are refused, Risky ones need the user's consent. */
export type ImportResult =
  | { verdict: 'Impossible'; reasons: string[] }
  | { verdict: Exclude<ImportVerdict, 'Impossible'>; reasons: string[]; log: EventLogFile };

export function importLog(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (thrown) {
    return impossible(`not JSON: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return impossible('not an event log: the file is not a JSON object');
  }
  const { format, version } = data as Record<string, unknown>;
  if (format !== LOG_FORMAT)
    return impossible(`format is ${JSON.stringify(format)}, expected "${LOG_FORMAT}"`);
  if (version !== LOG_VERSION)
    return impossible(`version is ${JSON.stringify(version)}, this app reads ${LOG_VERSION}`);

  const parsed = eventLogFileSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issuePath(issue.path)}: ${issueText(issue)}`);
    return impossible(...listed(issues, 'more invalid paths'));
  }
  const log = parsed.data;
  const reasons = riskyReasons(log);
  return { verdict: reasons.length > 0 ? 'Risky' : 'Fine', reasons, log };
}

function impossible(...reasons: string[]): ImportResult {
  return { verdict: 'Impossible', reasons };
}

function riskyReasons(log: EventLogFile): string[] {
  const reasons: string[] = [];
  const currentHash = eventSchemaHash();
  if (log.app.eventSchemaHash !== currentHash) {
    reasons.push(
      `event schema hash differs: the log has ${log.app.eventSchemaHash}, this app ${currentHash}`,
    );
  }
  const unknown: string[] = [];
  const invalid: string[] = [];
  const disordered: string[] = [];
  const catalogue = eventCatalogue();
  let previousSeq = log.snapshot?.seq ?? Number.NEGATIVE_INFINITY;
  for (const event of log.events) {
    const at = `${event.type} (seq ${event.meta.seq})`;
    if (event.meta.seq <= previousSeq) disordered.push(`${at} after seq ${previousSeq}`);
    previousSeq = event.meta.seq;
    const definition = catalogue.get(event.type);
    if (!definition) {
      unknown.push(at);
      continue;
    }
    const payload = definition.schema.safeParse(event.payload);
    if (!payload.success) {
      const first = payload.error.issues[0];
      invalid.push(first ? `${at} at ${joinPath('payload', first.path)}: ${issueText(first)}` : at);
    }
  }
  if (unknown.length > 0)
    reasons.push(`${unknown.length} events of unknown types: ${listed(unknown).join(', ')}`);
  if (invalid.length > 0)
    reasons.push(`${invalid.length} payloads fail their schema: ${listed(invalid).join('; ')}`);
  if (disordered.length > 0)
    reasons.push(`${disordered.length} events out of seq order: ${listed(disordered).join(', ')}`);
  return reasons;
}

function listed(items: string[], rest = 'more'): string[] {
  return items.length > LISTED
    ? [...items.slice(0, LISTED), `... and ${items.length - LISTED} ${rest}`]
    : items;
}

function issuePath(path: readonly PropertyKey[]): string {
  return joinPath('', path).replace(/^\./, '') || '(root)';
}

/** `events[3].meta.seq`: the path a reader finds in the file. */
function joinPath(prefix: string, path: readonly PropertyKey[]): string {
  return prefix + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}
