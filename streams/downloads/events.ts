import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { STATUS_ORDER } from '../core/status';
import { infosSchema, selectionSchema, zipProfileSchema } from './api';

/** The generic order plus `downloaded` (protocol §2.1). */
export const downloadStatusSchema = z.enum([...STATUS_ORDER, 'downloaded']);
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

const downloadId = z.string().min(1);

/** What the user chose in the dialog (seed 000 §3 defaults: originals, true, true, false). */
export const downloadOptionsSchema = z.object({
  profile: z.string().min(1),
  withContactSheet: z.boolean(),
  withAssetsDescriptions: z.boolean(),
  sendLinkByEmail: z.boolean(),
  selection: selectionSchema,
});

/** The download record of seed 000 §3 / protocol §7.2, without the password (it stays in the vault). */
export const downloadRecordSchema = downloadOptionsSchema.extend({
  downloadId,
  downloadName: z.string(),
  /** the id the calls use: a cart id, or a share uuid for a shared cart (protocol §6.5) */
  cartId: z.string().min(1),
  /** a shared cart: its password, when known, comes from the vault under `cartId` */
  shared: z.boolean(),
  url: z.string().nullable(),
  zipUuid: z.string().nullable(),
  time: z.number(),
  size: z.number(),
  status: downloadStatusSchema,
  error: serializedErrorSchema.nullable(),
  infos: infosSchema.nullable(),
  /** a part of a split download: the record it came from, and its number */
  part: z
    .object({ of: z.string(), index: z.number().int().min(1), total: z.number().int().min(1) })
    .nullable(),
  /** readiness checks answered "not yet" since the build: the progress bar moves with them */
  checks: z.number().int().nonnegative(),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

const sizedItemSchema = z.object({ resource: z.string(), id: z.string(), size: z.number() });

/** The user starts a download from the dialog; the record's id is built from this event (reducer). */
export const requested = defineEvent(
  'downloads/requested',
  downloadOptionsSchema.extend({ cartId: z.string().min(1), downloadName: z.string(), shared: z.boolean() }),
  { source: 'ui', redact: [] },
);

/** Step 2 of protocol §7.2: the size test is sent. */
export const sizeTestStarted = defineEvent('downloads/sizeTestStarted', z.object({ downloadId }), {
  source: 'system',
  redact: [],
});
export const sizeTested = defineEvent('downloads/sizeTested', z.object({ downloadId, infos: infosSchema }), {
  source: 'server',
  redact: [],
});

/** The user goes on with a download the server warned about (protocol §7.2 step 3). */
export const warningConfirmed = defineEvent('downloads/warningConfirmed', z.object({ downloadId }), {
  source: 'ui',
  redact: [],
});

/** Step 4: status `initial` while `zipCart` runs. */
export const buildStarted = defineEvent('downloads/buildStarted', z.object({ downloadId }), {
  source: 'system',
  redact: [],
});
export const built = defineEvent('downloads/built', z.object({ downloadId, zipUuid: z.string().min(1) }), {
  source: 'server',
  redact: [],
});

/** A readiness HEAD answered another 2xx: not ready yet, ask again after the wait. */
export const readinessChecked = defineEvent(
  'downloads/readinessChecked',
  z.object({ downloadId, httpStatus: z.number().int() }),
  { source: 'server', redact: [] },
);
/** HEAD 200: the url is known, status `loaded`. */
export const zipReady = defineEvent('downloads/zipReady', z.object({ downloadId, url: z.string() }), {
  source: 'server',
  redact: [],
});
/** The url went to the browser, which streams the file to disk: status `downloaded`. */
export const handedToBrowser = defineEvent('downloads/handedToBrowser', z.object({ downloadId }), {
  source: 'system',
  redact: [],
});

/** Any failure of the flow: status `error`, the error kept on the record. */
export const failed = defineEvent(
  'downloads/failed',
  z.object({ downloadId, error: serializedErrorSchema }),
  {
    source: 'server',
    redact: [],
    failure: true,
  },
);

/** The cart's item sizes, read to split a refused download (protocol §7.3). */
export const cartMeasured = defineEvent(
  'downloads/cartMeasured',
  z.object({ downloadId, items: z.array(sizedItemSchema) }),
  { source: 'server', redact: [] },
);
/** The refused download is replaced by its parts; the skipped items are listed to the user. */
export const split = defineEvent(
  'downloads/split',
  z.object({
    downloadId,
    parts: z.array(z.object({ selection: selectionSchema, size: z.number() })).min(1),
    skipped: z.array(sizedItemSchema),
  }),
  { source: 'system', redact: [] },
);

export const retried = defineEvent('downloads/retried', z.object({ downloadId }), {
  source: 'ui',
  redact: [],
});
/** Stops a download in progress and removes it. */
export const canceled = defineEvent('downloads/canceled', z.object({ downloadId }), {
  source: 'ui',
  redact: [],
});
/** Removes finished downloads (and the notices of their splits). */
export const cleared = defineEvent('downloads/cleared', z.object({ downloadIds: z.array(downloadId) }), {
  source: 'ui',
  redact: [],
});
export const splitNoticeDismissed = defineEvent('downloads/splitNoticeDismissed', z.object({ downloadId }), {
  source: 'ui',
  redact: [],
});

/** The PENDING_DOWNLOAD records read once at start (seed 000 §4). */
export const pendingRestored = defineEvent(
  'downloads/pendingRestored',
  z.object({ records: z.array(downloadRecordSchema) }),
  { source: 'storage', redact: [] },
);
/** A restored record that was sizing or building starts over once the session is ready. */
export const resumed = defineEvent('downloads/resumed', z.object({ downloadId }), {
  source: 'system',
  redact: [],
});

/** The zip profiles (protocol §6.1 `profiles`), loaded like share actions (§6.4). */
export const profilesRequested = defineEvent('downloads/profilesRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const profilesLoaded = defineEvent(
  'downloads/profilesLoaded',
  z.object({ profiles: z.array(zipProfileSchema) }),
  { source: 'server', redact: [] },
);
export const profilesLoadFailed = defineEvent(
  'downloads/profilesLoadFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);
