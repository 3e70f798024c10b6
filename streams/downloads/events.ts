import * as z from 'zod/mini';
import { gte, minLength, nonnegative } from '../core/bounds';
import { serializedErrorSchema } from '../core/errors';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { STATUS_ORDER } from '../core/status';
import { infosSchema, selectionSchema, zipProfileSchema } from './api';

/** The generic order plus `downloaded` (protocol §2.1). */
const downloadStatusSchema = z.enum([...STATUS_ORDER, 'downloaded']);
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

const downloadId = z.string().check(minLength(1));

/** An item of a split's work list; `name` when the cart's answer gave one (skipped items are listed by it). */
const sizedItemSchema = z.object({
  resource: z.string(),
  id: z.string(),
  size: z.number(),
  name: z.optional(z.string()),
});

/** What the user chose in the dialog (seed 000 §3 defaults: originals, true, true, false). */
const downloadOptionsSchema = z.object({
  profile: z.string().check(minLength(1)),
  withContactSheet: z.boolean(),
  withAssetsDescriptions: z.boolean(),
  sendLinkByEmail: z.boolean(),
  selection: selectionSchema,
});

/**
 * The download record of seed 000 §3 / protocol §7.2, without the password (it stays in the vault).
 * The options' fields spread into a new object rather than `z.extend`, whose code (0.3 KB gz) would
 * sit in the first download with the rest of zod, for this one schema.
 */
export const downloadRecordSchema = z.object({
  ...downloadOptionsSchema.shape,
  downloadId,
  downloadName: z.string(),
  /** the id the calls use: a cart id, or a share uuid for a shared cart (protocol §6.5) */
  cartId: z.string().check(minLength(1)),
  /** a shared cart: its password, when known, comes from the vault under `cartId` */
  shared: z.boolean(),
  url: z.nullable(z.string()),
  zipUuid: z.nullable(z.string()),
  time: z.number(),
  size: z.number(),
  status: downloadStatusSchema,
  error: z.nullable(serializedErrorSchema),
  infos: z.nullable(infosSchema),
  /** a part of a split download: the record it came from, and its number */
  part: z.nullable(
    z.object({
      of: z.string(),
      index: z.int().check(gte(1)),
      total: z.int().check(gte(1)),
      /** on part 1: the split's name and the items it left out, so a reload still lists them */
      splitName: z.optional(z.string()),
      skipped: z.optional(z.array(sizedItemSchema)),
    }),
  ),
  /** readiness checks answered "not yet" since the build: the progress bar moves with them */
  checks: z.int().check(nonnegative()),
  /** readiness checks failed in a row and asked again (issue 12 item 9); absent or 0 when the last one answered */
  pollFailures: z.optional(z.int().check(nonnegative())),
  /** the zip was still building this long after its polling started: the row says so and offers Cancel */
  stalledAfterMs: z.optional(z.nullable(z.number())),
  /** a part of a split that waits for the user's one answer about the whole set (issue 13) */
  held: z.optional(z.boolean()),
  /** a part's size as the split measured it (its items' sizes), before its own size test */
  plannedSize: z.optional(z.number()),
  /** the zip fetched by the page: bytes received, and the total (-1 when the server does not say) */
  fetched: z.optional(z.nullable(z.object({ loaded: z.number(), total: z.number() }))),
  /** the file name the page saved the zip under */
  savedAs: z.optional(z.nullable(z.string())),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

/** The user starts a download from the dialog; the record's id is built from this event (reducer). */
export const requested = defineIntent('downloads/requested', {
  ...downloadOptionsSchema.shape,
  cartId: z.string().check(minLength(1)),
  downloadName: z.string(),
  shared: z.boolean(),
});

/**
 * A download started in this tab, told to the other tabs of the user (issue 25): they show it,
 * fold what happens to it, and the one that polls for all checks its zip once it is built.
 */
export const announced = defineFact('downloads/announced', 'system', { record: downloadRecordSchema });

/** Step 2 of protocol §7.2: the size test is sent. */
export const sizeTestStarted = defineFact('downloads/sizeTestStarted', 'system', { downloadId });
export const sizeTested = defineAnswer('downloads/sizeTested', { downloadId, infos: infosSchema });

/** The user goes on with a download the server warned about (protocol §7.2 step 3). */
export const warningConfirmed = defineIntent('downloads/warningConfirmed', { downloadId });

/** Step 4: status `initial` while `zipCart` runs. */
export const buildStarted = defineFact('downloads/buildStarted', 'system', { downloadId });
export const built = defineAnswer('downloads/built', {
  downloadId,
  zipUuid: z.string().check(minLength(1)),
});

/**
 * The wait before a readiness check is over (or there is none: a retry, a reload): the HEAD goes
 * now. `attempt` counts the transient failures in a row before it (0 after an answer).
 */
export const readinessCheckDue = defineFact('downloads/readinessCheckDue', 'timer', {
  downloadId,
  attempt: z.int().check(nonnegative()),
});
/** A readiness HEAD answered another 2xx: not ready yet, ask again after the wait. */
export const readinessChecked = defineAnswer('downloads/readinessChecked', {
  downloadId,
  httpStatus: z.int(),
});
/** A readiness HEAD failed transiently (network, 408, 429, 5xx): asked again after `retryInMs`. */
export const readinessCheckFailed = defineFailure('downloads/readinessCheckFailed', {
  downloadId,
  /** 1 for the first new attempt after a failure */
  attempt: z.int().check(gte(1)),
  retryInMs: z.int().check(nonnegative()),
});
/** The zip is still building `afterMs` after its polling started (config `downloadStallNoticeMs`). */
export const buildStalled = defineFact('downloads/buildStalled', 'timer', {
  downloadId,
  afterMs: z.number(),
});
/** HEAD 200: the url is known, status `loaded`. */
export const zipReady = defineAnswer('downloads/zipReady', { downloadId, url: z.string() });
/**
 * The browser got a page (the server's error, its own error page) instead of the zip: status
 * `error`.
 */
export const browserFetchFailed = defineFact('downloads/browserFetchFailed', 'system', {
  downloadId,
  error: serializedErrorSchema,
});
/** The url went to the browser, which streams the file to disk: status `downloaded`. */
export const handedToBrowser = defineFact('downloads/handedToBrowser', 'system', { downloadId });

/** The page fetches the zip itself (config `downloadInPageMaxBytes`): bytes received so far. */
export const fetchProgressed = defineFact('downloads/fetchProgressed', 'system', {
  downloadId,
  loaded: z.number(),
  total: z.number(),
});
/** The page fetched the whole zip and saved it under `fileName`: status `downloaded`. No cause either. */
export const fileSaved = defineFact('downloads/fileSaved', 'system', {
  downloadId,
  fileName: z.string(),
  bytes: z.number(),
});

/** Any failure of the flow: status `error`, the error kept on the record. */
export const failed = defineFailure('downloads/failed', { downloadId });

/** The cart's item sizes, read to split a refused download (protocol §7.3). */
export const cartMeasured = defineAnswer('downloads/cartMeasured', {
  downloadId,
  items: z.array(sizedItemSchema),
});
/** The refused download is replaced by its parts; the skipped items are listed to the user. */
export const split = defineFact('downloads/split', 'system', {
  downloadId,
  parts: z.array(z.object({ selection: selectionSchema, size: z.number() })).check(minLength(1)),
  skipped: z.array(sizedItemSchema),
});

/**
 * The user retries a failed download: one whose zip was built polls that zip again (nothing is
 * built again); one that failed before starts over from the size test.
 */
export const retried = defineIntent('downloads/retried', { downloadId });
/** Stops a download in progress and removes it. */
export const canceled = defineIntent('downloads/canceled', { downloadId });
/** Removes finished downloads (and the notices of their splits). */
export const cleared = defineIntent('downloads/cleared', { downloadIds: z.array(downloadId) });
export const splitNoticeDismissed = defineIntent('downloads/splitNoticeDismissed', { downloadId });
/** The user goes on with every part of a split, asked once for the whole set (issue 13). */
export const splitConfirmed = defineIntent('downloads/splitConfirmed', { downloadId });
/**
 * The user wants a zip the page saved once more: the same zip is checked and fetched again, and
 * saved under the same name (the server's link would carry the server's name, not a part's).
 */
export const saveAgainRequested = defineIntent('downloads/saveAgainRequested', { downloadId });
/** The user does not want the parts: they and their notice are removed. */
export const splitDeclined = defineIntent('downloads/splitDeclined', { downloadId });

/** The PENDING_DOWNLOAD records read once at start (seed 000 §4). */
export const pendingRestored = defineFact('downloads/pendingRestored', 'storage', {
  records: z.array(downloadRecordSchema),
});
/** A restored record that was sizing or building starts over once the session is ready. */
export const resumed = defineFact('downloads/resumed', 'system', { downloadId });

/**
 * The zip profiles (protocol §6.1 `profiles`), loaded like share actions (§6.4): this domain
 * owns them, the share dialog reads them here too.
 */
export const profilesRequested = defineIntent('downloads/profilesRequested', {});
export const profilesLoaded = defineAnswer('downloads/profilesLoaded', {
  profiles: z.array(zipProfileSchema),
});
export const profilesLoadFailed = defineFailure('downloads/profilesLoadFailed');
