/**
 * Every constant of the specification, in one typed place. Epics read them from `deps.config`
 * so that marble tests and re-simulation can run with the same values (or a changed one).
 * Each comment names where the value comes from: seed document and section, or protocol.md.
 */
export const config = {
  // --- Logs (seed 000 §7, §9; protocol §5) ---
  /** entries are sent this long after the last new entry */
  logDebounceMs: 10_000,
  /** consecutive failed sends after which the pending entries are dropped */
  logMaxConsecutiveFailures: 10,
  /** highest level sent: Fatal 0 and Error 10 are sent (seed 000 §9) */
  logSendLevel: 10,

  // --- Downloads (seed 000 §4, §9; protocol §7, §23.1) ---
  /** wait before each readiness HEAD that answered "not yet" (202), no limit, no backoff */
  downloadPollMs: 2000,
  /** [conv] a readiness HEAD failing transiently (network, 408, 429, 5xx) is asked again at most this many times in a row */
  downloadPollRetries: 3,
  /** [conv] wait before the first new attempt after such a failure; doubles each time (2 s, 4 s, 8 s) */
  downloadPollRetryBaseMs: 2000,
  /** [conv] the longest wait between two attempts */
  downloadPollRetryMaxMs: 16_000,
  /** [conv] a zip still building this long after its polling started gets "still building after N min" and Cancel */
  downloadStallNoticeMs: 10 * 60_000,
  /** [conv] the zip's url handed to the browser: this long without an error page in its place means the download started */
  downloadStartCheckMs: 3000,
  pendingDownloadStorageKey: 'PENDING_DOWNLOAD',
  /** splitting of refused downloads is on unless the server setting says otherwise */
  splitCartDefault: true,
  /** [conv] a zip up to this many bytes (its size test) is fetched by the page, which shows real bytes and names the file (a split's parts stay under the server's zip.maxSize, 500 MB in the demo); a larger one is left to the browser, streamed to disk (issue 13) */
  downloadInPageMaxBytes: 512 * 1024 * 1024,
  /** [conv] bytes fetched by the page are reported at most this often (the total comes with the saved file) */
  downloadProgressEveryMs: 250,

  // --- Carts (seed 000 §9, seed 002 §9; protocol §6) ---
  maxSharedCartsPublic: 10_000,
  maxSharedCartsPrivate: 5000,
  /** cart cursor page size; huge carts are read in chunks of it */
  cartCursorMax: 100,
  /** [conv] carts with more items than this are shown through the list query, chunk by chunk (protocol §6.6) */
  hugeCartItems: 500,
  /** cart items use this preview player (protocol §13.2) */
  cartItemPlayer: 'fo.player',
  /** [conv] the "Add to cart" menu reuses a cart list loaded less than this long ago (issue 12 item 16) */
  cartListFreshMs: 60_000,
  defaultVariation: 'thumbnailBig',
  watermarkSuffix: '_w',
  /** [conv] a change whose answer was lost (no HTTP answer): the server state is re-read this many times at most */
  reconcileReadAttempts: 3,
  /** [conv] wait before each further re-read of a lost answer (doubled each time) */
  reconcileReadRetryMs: 1000,
  /** [conv] a lost create matches a listed cart modified at most this long before the request (clock skew) */
  reconcileCreateSkewMs: 60_000,

  // --- Outbox (issue 25) ---
  /** [conv] a write kept by the outbox is sent again this long after it failed, doubled after each failure */
  outboxRetryMs: 2000,
  /** [conv] the longest wait between two attempts of the outbox */
  outboxRetryMaxMs: 60_000,

  // --- Session (seed 002 §8, §9; protocol §3.4) ---
  /** [conv] pictures of a shared cart fetched at once with the share's credentials (issue 12) */
  sharedImageConcurrency: 4,
  bearerRefreshRatio: 0.2,
  cookieRefreshRatio: 0.8,
  tokenRefreshRetries: 5,
  tokenRefreshRetryMs: 2000,
  /** [conv] bearer mode keeps the user's refresh token here so a reload stays signed in (protocol §3.2 auto-connect) */
  refreshTokenStorageKey: 'dam-portal.refreshToken',
  /**
   * [conv] the user whose refresh token is stored, so a reload shows that user's cached screens
   * before who-am-I answers (issue 22); never a secret, forgotten at sign-out
   */
  cacheSurferStorageKey: 'dam-portal.cacheSurfer',
  /**
   * [conv] the signed-in user's last who-am-I, so a reload with no network still shows who is
   * signed in (issue 25); forgotten with the user's token
   */
  keptIdentityStorageKey: 'dam-portal.keptIdentity',
  /** [conv] the carts last opened whose items stay readable offline (issue 25), most recent first */
  cacheCartsKept: 5,
  /** [conv] the asset pages last opened that stay readable offline (issue 25), most recent first */
  cacheAssetsKept: 20,
  defaultLocale: 'en',
  defaultPreferenceNamespace: 'vue-app',
  /** [conv] a visitor's language choice survives a reload (a user's lives in the profile's bolang, protocol §4.1) */
  visitorLocaleStorageKey: 'dam-portal.locale',
  /**
   * [conv] bearer mode: the user's whole token, so the other tabs re-read it after a refresh in one
   * (issue 25: a refresh spends the previous pair, and a token never crosses the tabs' channel)
   */
  userTokenStorageKey: 'dam-portal.userToken',

  // --- Tabs in step (issue 25) ---
  /** [conv] the BroadcastChannel the tabs of one origin share their facts on */
  tabsChannelName: 'dam-portal.tabs',
  /** [conv] the Web Lock held by the tab that polls for all */
  leaderLockName: 'dam-portal-leader',

  // --- Notifications (seed 002 §7; protocol §20: the interval is ours, the spec names none) ---
  /** the unread count is asked again this often while a user is signed in, and after each change */
  notificationsPollMs: 60_000,

  // --- Players (seed 002 §9; protocol §1.10, §24) ---
  playerCacheMs: 60_000,
  mediaDescriptionCacheMs: 20_000,
  playerScriptWaitMs: 250,
  playerScriptWaitTries: 50,
  playerLoadingDelayMs: 1000,
  playerDisplayDelayMs: 100,

  // --- Cursors and queries (seed 002 §9; protocol §8, §24) ---
  cursorDefaultMax: 24,
  listFetchDebounceMs: 50,
  cursorStatusDelayMs: 50,
  typeaheadDebounceMs: 200,
  typeaheadMaxWords: 6,
  typeaheadMaxSuggestions: 10,
  fulltextDebounceMs: 200,
  lookupRetryMs: 100,
  lookupRetries: 100,
  lookupCursorMax: 5,
  constraintRetryMs: 200,
  constraintRetries: 10,
  /** the single-constraint setter asks an unknown query once more after this (protocol §8.4) */
  singleConstraintRetryMs: 200,
  cursorWaitStartMs: 50,
  cursorWaitFactor: 1.2,
  cursorWaitMaxMs: 60_000,
  schemaBatchSize: 20,
  /** protocol §8.3 and §10.1: the static query a list or a tree gets unless it sets its own */
  defaultStaticQuery: { activated: true },

  // --- Aggregates (seed 001 §9, seed 002 §9; protocol §9) ---
  aggregateDebounceMs: 100,
  missingAggregatesDebounceMs: 200,
  aggregateRegistrationDelayMs: 50,
  sortedAggregateSearchDelayMs: 300,
  sortedAggregateDefaultMax: 20,
  /** seed 001 §3: sorted aggregates read these fields and choose their mode themselves */
  sortedAggregateDefaultFields: 'id,name',
  sortedAggregateDefaultMode: 'auto',
  /** the search limit is the largest max plus this */
  sortedAggregateLimitMargin: 2,

  // --- Trees (seed 002 §9; protocol §10) ---
  treeDefaultDepth: 2,
  treeDefaultMax: 24,
  treeFetchDebounceMs: 80,
  treeAutoloadDelayMs: 500,
  treeParentWalkMaxLevels: 10,

  // --- Batches and mass import (seed 001 §4, §5, §9; protocol §15, §16) ---
  batchTickMs: 100,
  batchConcurrency: 1,
  batchActionConcurrency: 2,
  batchActionProgressCap: 95,
  uploadConcurrencyDefault: 3,
  uploadConcurrencyMin: 1,
  uploadConcurrencyMax: 10,
  uploadProgressStepPct: 1,
  itemTransferConcurrency: 3,
  jobItemsMaxPerFetch: 200,
  jobItemsAdvisedPerFetch: 50,
  workflowIdChunk: 50,
  jobListItemsPerJob: 10,
  /** [conv] running metadata commands are asked about (`changes/{cmdIds}`) this often until done (protocol §15.1 leaves it to the caller) */
  importCommandPollMs: 1000,
  /** [conv] after a failed ask the wait doubles (1 s, 2 s, 4 s) up to this */
  importCommandPollMaxMs: 8000,
  /** [conv] while an open job has items being analysed, their changes are asked this often (the analysis takes seconds) */
  importChangesPollMs: 3000,
  /** [conv] the upload files not yet sent, kept so that a reload lists them to choose again (issue 15) */
  pendingUploadStorageKey: 'dam-portal.pendingUploads',

  // --- Analytics (seed 001 §9, seed 002 §9; protocol §18) ---
  analyticsTopMax: 24,
  analyticsTopCallDays: 0,
  analyticsTopUiDays: 30,
  analyticsAssetEventMax: 20,
  analyticsAllDays: -1,
  /** [conv] reverse image search (protocol §21 leaves it to the caller): the report is asked this often after a submit… */
  reverseSearchPollMs: 1000,
  /** …at most this many times (then 'The report is not ready') */
  reverseSearchPollTries: 60,

  // --- Entities and drafts (seed 002 §3-§5; protocol §12) ---
  /** [conv] drafts in progress survive a reload under this storage key */
  draftStorageKey: 'ENTITY_DRAFTS',

  // --- CMS pages (seed 002 §9; protocol §14) ---
  // the page status default (2), the status filter (6) and the asset block's 6 items live in
  // streams/pages/model.ts: selectors and the page model read them, and a fold never reads config

  // --- Recorder (ARCHITECTURE.md "Recording and replay") ---
  // timers, requests and outside reads are events too: about twice as many as the domains emit
  recorderCapacity: 20_000,
  recorderSnapshotEvery: 500,
  /**
   * about this many bytes of events and snapshots at most (a few 10 MB answers): past it the
   * oldest events go, a snapshot interval at a time (streams/recorder/recorder.ts)
   */
  recorderMaxBytes: 48 * 1024 * 1024,

  // --- Kernel ---
  /** a crashing epic is restarted this many times, then left stopped (visible in state) */
  epicMaxRestarts: 5,
} as const;

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends number
    ? number
    : T[K] extends string
      ? string
      : T[K] extends boolean
        ? boolean
        : T[K];
};

export type Config = Widen<typeof config>;
