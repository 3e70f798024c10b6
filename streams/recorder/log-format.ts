import { type EventMeta, eventCatalogue } from '../core/event';
import { redactText } from '../core/secrets';
import { schemaShape } from './schema-shape';
import { hashOf } from '../core/signature';

/**
 * Writing an `*.evlog.json` file: what the live recorder and "Export" need from the start. Reading
 * one back (the zod schema, `importLog`) is in `log-file.ts`, loaded with the devtools.
 */
export const LOG_FORMAT = 'dam-portal.eventlog';
export const LOG_VERSION = 1;

/** Which build recorded a log: the app passes `import.meta.env` values, scripts package.json's. */
export interface AppIdentity {
  version: string;
  commit: string;
}

export interface SessionInfo {
  startedAt: number;
  locale: string;
  seed: number | null;
}

export interface LogSnapshot {
  seq: number;
  state: unknown;
}

/** A recorded event: its payload is checked against its own definition when a log is read. */
export interface LoggedEvent {
  type: string;
  payload: unknown;
  error?: true;
  meta: EventMeta;
}

/** The file's shape; `eventLogFileSchema` (log-file.ts) checks a file read back against it. */
export interface EventLogFile {
  format: typeof LOG_FORMAT;
  version: typeof LOG_VERSION;
  app: AppIdentity & { eventSchemaHash: string };
  session: SessionInfo;
  snapshot: LogSnapshot | null;
  events: LoggedEvent[];
  /** what the user wrote when reporting a problem */
  note?: string;
}

let hashCache: { types: number; hash: string } | undefined;

const hex32 = (value: number): string => (value >>> 0).toString(16).padStart(8, '0');

/** Two 32-bit string hashes, forwards and backwards: enough to tell catalogues apart, and no secret to keep. */
function fingerprint(text: string): string {
  return `h64:${hex32(hashOf(text))}${hex32(hashOf([...text].reverse().join('')))}`;
}

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
  hashCache = { types: catalogue.size, hash: fingerprint(lines.join('\n')) };
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
