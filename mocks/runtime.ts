import { createDb, type Db, DEFAULT_ASSET_COUNT } from './db/index';
import { DEFAULT_SETTINGS, type Settings } from './settings';

/** A request as `GET /__mock/requests` reports it. */
export interface LoggedRequest {
  /** epoch ms of arrival */
  at: number;
  method: string;
  path: string;
  /** decoded; a repeated key gives an array */
  query: Record<string, string | string[]>;
  contentType: string | null;
  headers: Partial<Record<LoggedHeader, string>>;
  body: LoggedBody;
}

export const LOGGED_HEADERS = [
  'authorization',
  'x-http-method-override',
  'x-csrf-token',
  'x-context',
  'accept',
] as const;
export type LoggedHeader = (typeof LOGGED_HEADERS)[number];

/** A file part of a multipart body, without its bytes (a type, not an interface: it must fit `JsonValue`). */
export type LoggedFile = { name: string; size: number; type: string };

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * JSON bodies as parsed; form and multipart bodies as an object of fields (a repeated field gives
 * an array, a file gives a `LoggedFile`); other bodies as text; `null` when there is none.
 */
export type LoggedBody = JsonValue;

/** A fault injected with `POST /__mock/faults`. */
export interface Fault {
  /** regular expression tested on the request path */
  match: string;
  /** share of the matching requests that fail, 0..1 */
  rate: number;
  /** HTTP status of the failure; 0 drops the connection */
  status: number;
  delayMs: number;
  /** status 0 only: the request is handled first, then the connection drops (the answer is lost) */
  after: boolean;
  /** `after` only: the request was handled once; later matches are dropped unhandled */
  handled?: boolean;
  /** only requests of this method, when set */
  method?: string;
  /** matching requests seen so far: the rate applies to this count, so faults are deterministic */
  matched: number;
}

/** A log entry the client sent (protocol §5), with the time it arrived. */
export interface ClientLogEntry {
  receivedAt: number;
  name: string;
  hash: string | number;
  count: number;
  level: string | number;
  message: string;
  times: number[];
}

/** Who a token was issued to. */
export type Surfer = { kind: 'user'; userId: number } | { kind: 'application'; applicationId: number };

/** An issued token pair (protocol §3.1), found by its access or its refresh token. */
export interface IssuedToken {
  surfer: Surfer;
  accessToken: string;
  refreshToken: string;
  /** seconds since the epoch */
  iat: number;
  exp: number;
  /** seconds since the epoch: `POST /rest/token` refuses the refresh token after it (absent: never) */
  refreshExp?: number;
  /** a refresh rotated this pair: its refresh token is spent, its access token lives until `exp` */
  refreshSpent?: boolean;
  /** the pair the rotation issued (its access token), answered again to a reuse until `until` (seconds) */
  reuse?: { successor: string; until: number };
}

/** A zip asked for with `zipCart` (protocol §7.1): ready at `readyAt`, its bytes built on first need. */
export interface ZipJob {
  uuid: string;
  /** the cart id, or the share uuid it was asked for through */
  cartId: string;
  /** the file name, `.zip` included */
  filename: string;
  profile: string;
  withContactSheet: boolean;
  withAssetsDescriptions: boolean;
  sendLinkByEmail: boolean;
  /** asset ids, in cart order, fixed when the zip was asked for */
  assetIds: number[];
  requestedAt: number;
  readyAt: number;
  /** the zip, built from when it is asked for (in slices: mocks/zip/contents.ts) */
  bytes?: Promise<Uint8Array>;
}

/** A message the demo server would have e-mailed (`GET /__mock/outbox`). */
export interface OutboxMessage {
  at: number;
  kind: 'collaboratorInvitation' | 'shareLink' | 'zipLink';
  to: string[];
  subject: string;
  /** the link the message carries */
  link: string;
}

export interface Runtime {
  db: Db;
  /** issued tokens by access token; a refresh replaces the entry */
  tokens: Map<string, IssuedToken>;
  /** cookie-mode sessions: cookie value -> surfer */
  cookieSessions: Map<string, Surfer>;
  settings: Settings;
  faults: Fault[];
  requests: LoggedRequest[];
  clientLogs: ClientLogEntry[];
  /** zips by uuid */
  zips: Map<string, ZipJob>;
  outbox: OutboxMessage[];
}

/** `DEMO_ASSETS` sets the number of assets (in Node; the browser build keeps the default). */
function assetCountFromEnv(): number {
  const value = typeof process === 'undefined' ? undefined : process.env.DEMO_ASSETS;
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : DEFAULT_ASSET_COUNT;
}

/**
 * The seeded database, drawn once and kept as JSON: drawing it takes over a second (2,000 assets,
 * a year of analytics), parsing its JSON a quarter of that, and tests reset it before each case.
 * Its values are plain data (no dates, no classes), so the parsed copy equals a fresh draw.
 */
const seededJson = JSON.stringify(createDb({ assetCount: assetCountFromEnv() }));
const seededDb = (): Db => JSON.parse(seededJson) as Db;

/** The state every handler and middleware reads and changes: one per process (or browser tab). */
export const runtime: Runtime = {
  db: seededDb(),
  tokens: new Map(),
  cookieSessions: new Map(),
  settings: { ...DEFAULT_SETTINGS },
  faults: [],
  requests: [],
  clientLogs: [],
  zips: new Map(),
  outbox: [],
};

/** Back to the seeded state: a fresh database, default settings, no faults, empty logs. */
export function reset(): void {
  runtime.db = seededDb();
  runtime.tokens = new Map();
  runtime.cookieSessions = new Map();
  runtime.settings = { ...DEFAULT_SETTINGS };
  runtime.faults = [];
  runtime.requests = [];
  runtime.clientLogs = [];
  runtime.zips = new Map();
  runtime.outbox = [];
}
