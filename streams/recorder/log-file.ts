import * as z from 'zod';
import { eventCatalogue, eventMetaSchema } from '../core/event';
import { redactText } from '../core/redact';
import { schemaShape } from './schema-shape';
import { sha256Hex } from './sha256';

/** The `*.evlog.json` file: an exported recording, and the input of replay and re-simulation. */
export const LOG_FORMAT = 'dam-portal.eventlog';
export const LOG_VERSION = 1;

/** How many offending paths or events a reason names before summing up the rest. */
const LISTED = 5;

const appSchema = z.object({ version: z.string(), commit: z.string(), eventSchemaHash: z.string() });

const sessionSchema = z.object({
  startedAt: z.number(),
  locale: z.string(),
  seed: z.number().nullable(),
});

/** The envelope only: payloads are checked against their own definitions after the parse. */
const loggedEventSchema = z.object({
  type: z.string().min(1),
  payload: z.unknown(),
  error: z.literal(true).optional(),
  meta: eventMetaSchema,
});

export const eventLogFileSchema = z.object({
  format: z.literal(LOG_FORMAT),
  version: z.literal(LOG_VERSION),
  app: appSchema,
  session: sessionSchema,
  // zod 4 requires `unknown` keys to be present: a snapshot without `state` fails the parse
  snapshot: z.object({ seq: z.number().int(), state: z.unknown() }).nullable(),
  events: z.array(loggedEventSchema),
  /** what the user wrote when reporting a problem */
  note: z.string().optional(),
});

export type EventLogFile = z.infer<typeof eventLogFileSchema>;
export type SessionInfo = z.infer<typeof sessionSchema>;
export type LogSnapshot = NonNullable<EventLogFile['snapshot']>;

/** Which build recorded a log: the app passes `import.meta.env` values, scripts package.json's. */
export interface AppIdentity {
  version: string;
  commit: string;
}

let hashCache: { types: number; hash: string } | undefined;

/**
 * Fingerprint of the event catalogue: every type with the structure of its payload schema. A log
 * recorded with another hash may hold payloads today's reducers read differently (Risky).
 * The catalogue only grows, so its size tells whether the cached hash is still current.
 */
export function eventSchemaHash(): string {
  const catalogue = eventCatalogue();
  if (hashCache?.types === catalogue.size) return hashCache.hash;
  const lines = [...catalogue.values()]
    .map((definition) => `${definition.type}\t${schemaShape(definition.schema)}`)
    .sort();
  hashCache = { types: catalogue.size, hash: `sha256:${sha256Hex(lines.join('\n'))}` };
  return hashCache.hash;
}

export function createLogFile(parts: {
  app: AppIdentity;
  session: SessionInfo;
  snapshot: LogSnapshot | null;
  events: EventLogFile['events'];
}): EventLogFile {
  return {
    format: LOG_FORMAT,
    version: LOG_VERSION,
    app: { version: parts.app.version, commit: parts.app.commit, eventSchemaHash: eventSchemaHash() },
    session: parts.session,
    snapshot: parts.snapshot,
    events: parts.events,
  };
}

/** The user's note travels with the log, masked like any other text that may hold a secret. */
export function withNote(log: EventLogFile, note: string): EventLogFile {
  const text = redactText(note.trim());
  return text ? { ...log, note: text } : log;
}

/** JSON with one event per line, so that committed fixture logs diff readably. */
export function serializeLog(log: EventLogFile): string {
  const { events, ...head } = log;
  const headText = JSON.stringify(head, null, 2);
  const eventsText =
    events.length === 0 ? '[]' : `[\n${events.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]`;
  return `${headText.slice(0, -2)},\n  "events": ${eventsText}\n}\n`;
}

export type ImportVerdict = 'Impossible' | 'Risky' | 'Fine';

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
    const issues = parsed.error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
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
      invalid.push(first ? `${at} at ${joinPath('payload', first.path)}: ${first.message}` : at);
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
