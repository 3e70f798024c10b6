import type { Draft } from 'immer';
import { type Case, caseReducer, on } from '../core/case-reducer';
import { onToldFacts } from '../tabs/told-facts-events';
import * as downloadEvents from './events';
import { partName } from './split';
import { type DownloadsState, downloadIdOf } from './state';
import { downloadSharedFacts } from './tab-facts';

type D = Draft<DownloadsState>;

function add(draft: D, record: downloadEvents.DownloadRecord): void {
  if (!(record.downloadId in draft.records)) draft.order.push(record.downloadId);
  draft.records[record.downloadId] = record;
}

function remove(draft: D, downloadId: string): void {
  if (!(downloadId in draft.records)) return;
  delete draft.records[downloadId];
  draft.order = draft.order.filter((id) => id !== downloadId);
}

/** Changes a known record; events about an unknown one change nothing. */
function update(
  draft: D,
  downloadId: string,
  change: (record: Draft<downloadEvents.DownloadRecord>) => void,
): void {
  const record = draft.records[downloadId];
  if (record) change(record);
}

/**
 * A restored record that was sizing or building starts again from `registered` (its request died
 * with the page); one that was polling keeps `fetching` and its uuid, and resumes checking; one
 * waiting for the user's confirmation keeps waiting.
 */
function mustRestart({ status, zipUuid, infos }: downloadEvents.DownloadRecord): boolean {
  // (a zip the page was fetching when it went away is fetched again: see `pendingRestored`)
  if (status === 'fetching') return !zipUuid;
  if (status === 'resolved') return !infos?.warn;
  return status === 'registered' || status === 'resolving' || status === 'initial';
}

function restart(record: Draft<downloadEvents.DownloadRecord>): void {
  Object.assign(record, {
    status: 'registered',
    error: null,
    infos: null,
    size: -1,
    zipUuid: null,
    url: null,
    checks: 0,
    pollFailures: 0,
    stalledAfterMs: null,
    fetched: null,
    savedAs: null,
  });
}

/** A failed download whose zip was built goes back to polling that zip (issue 12 item 9). */
function resumePolling(record: Draft<downloadEvents.DownloadRecord>): void {
  Object.assign(record, {
    status: 'fetching',
    error: null,
    url: null,
    pollFailures: 0,
    stalledAfterMs: null,
    fetched: null,
    savedAs: null,
  });
}

/** The parts of a split (by the id of the download that was split). */
function partsOf(draft: D, origin: string): Draft<downloadEvents.DownloadRecord>[] {
  return Object.values(draft.records).filter((record) => record.part?.of === origin);
}

const cases: Case<DownloadsState>[] = [
  on(downloadEvents.requested, (draft, event) => {
    const { cartId } = event.payload;
    add(draft, {
      ...event.payload,
      downloadId: downloadIdOf(event, cartId),
      url: null,
      zipUuid: null,
      time: event.meta.at,
      size: -1,
      status: 'registered',
      error: null,
      infos: null,
      part: null,
      checks: 0,
    });
  }),
  // a download started in another tab (issue 25); the tab that started it has it already
  on(downloadEvents.announced, (draft, { payload }) => {
    if (!(payload.record.downloadId in draft.records)) add(draft, payload.record);
  }),
  on(downloadEvents.sizeTestStarted, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'resolving';
    }),
  ),
  on(downloadEvents.sizeTested, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'resolved';
      record.infos = payload.infos;
      record.size = payload.infos.size;
    }),
  ),
  on(downloadEvents.buildStarted, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'initial';
    }),
  ),
  on(downloadEvents.built, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'fetching';
      record.zipUuid = payload.zipUuid;
    }),
  ),
  on(downloadEvents.readinessChecked, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.checks += 1;
      record.pollFailures = 0;
    }),
  ),
  on(downloadEvents.readinessCheckFailed, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.pollFailures = payload.attempt;
    }),
  ),
  on(downloadEvents.buildStalled, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status === 'fetching') record.stalledAfterMs = payload.afterMs;
    }),
  ),
  on(downloadEvents.zipReady, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'loaded';
      record.url = payload.url;
      record.pollFailures = 0;
      record.stalledAfterMs = null;
      record.fetched = null;
      record.savedAs = null;
    }),
  ),
  on(downloadEvents.fetchProgressed, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status === 'loaded') record.fetched = { loaded: payload.loaded, total: payload.total };
    }),
  ),
  on(downloadEvents.fileSaved, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status !== 'loaded') return;
      record.status = 'downloaded';
      record.fetched = { loaded: payload.bytes, total: payload.bytes };
      record.savedAs = payload.fileName;
    }),
  ),
  on(downloadEvents.handedToBrowser, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status === 'loaded') record.status = 'downloaded';
    }),
  ),
  on(downloadEvents.browserFetchFailed, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status !== 'loaded') return;
      record.status = 'error';
      record.error = payload.error;
    }),
  ),
  on(downloadEvents.failed, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      record.status = 'error';
      record.error = payload.error;
    }),
  ),
  on(downloadEvents.split, (draft, event) => {
    const { downloadId, parts, skipped } = event.payload;
    const original = draft.records[downloadId];
    if (!original) return;
    const total = parts.length;
    const base = { ...(original as downloadEvents.DownloadRecord) };
    remove(draft, downloadId);
    parts.forEach(({ selection, size }, index) => {
      add(draft, {
        ...base,
        selection,
        downloadId: `${downloadId}-${index + 1}`,
        downloadName: partName(base.downloadName, index + 1, total),
        time: event.meta.at,
        part: {
          of: downloadId,
          index: index + 1,
          total,
          ...(index === 0 ? { splitName: base.downloadName, skipped } : {}),
        },
        url: null,
        zipUuid: null,
        size: -1,
        status: 'registered',
        error: null,
        infos: null,
        checks: 0,
        // the whole set is asked about once (issue 13): no part starts before the answer
        held: true,
        plannedSize: size,
        fetched: null,
        savedAs: null,
      });
    });
    draft.splits[downloadId] = { downloadName: base.downloadName, total, skipped };
  }),
  on(downloadEvents.splitConfirmed, (draft, { payload }) => {
    for (const record of partsOf(draft, payload.downloadId)) record.held = false;
  }),
  on(downloadEvents.splitDeclined, (draft, { payload }) => {
    for (const record of partsOf(draft, payload.downloadId)) {
      if (record.held) remove(draft, record.downloadId);
    }
    delete draft.splits[payload.downloadId];
  }),
  on(downloadEvents.retried, (draft, { payload }) => {
    const record = draft.records[payload.downloadId];
    if (record?.status !== 'error') return;
    // a zip the server no longer knows (404) is built again
    if (record.zipUuid && record.error?.status !== 404) resumePolling(record);
    else restart(record);
  }),
  on(downloadEvents.saveAgainRequested, (draft, { payload }) =>
    update(draft, payload.downloadId, (record) => {
      if (record.status === 'downloaded' && record.zipUuid && record.savedAs) resumePolling(record);
    }),
  ),
  on(downloadEvents.canceled, (draft, { payload }) => remove(draft, payload.downloadId)),
  on(downloadEvents.cleared, (draft, { payload }) => {
    for (const downloadId of payload.downloadIds) {
      const record = draft.records[downloadId];
      if (record && (record.status === 'downloaded' || record.status === 'error')) {
        remove(draft, downloadId);
      }
    }
    // a split's notice goes with its last part
    const splitOrigins = new Set(Object.values(draft.records).map((record) => record.part?.of));
    for (const origin of Object.keys(draft.splits)) {
      if (!splitOrigins.has(origin)) delete draft.splits[origin];
    }
  }),
  on(downloadEvents.splitNoticeDismissed, (draft, { payload }) => {
    delete draft.splits[payload.downloadId];
    // dismissed for good: a reload does not bring it back
    for (const record of partsOf(draft, payload.downloadId)) {
      if (record.part) {
        delete record.part.splitName;
        delete record.part.skipped;
      }
    }
  }),
  on(downloadEvents.pendingRestored, (draft, { payload }) => {
    for (const record of payload.records) {
      add(draft, record);
      const restored = draft.records[record.downloadId]!;
      if (mustRestart(record)) restart(restored);
      // the page's fetch died with the page: the zip is checked and fetched again
      else if (record.status === 'loaded' && record.fetched) resumePolling(restored);
      // a split's notice comes back with its first part
      const { part } = record;
      if (part?.splitName !== undefined && part.skipped && !(part.of in draft.splits)) {
        draft.splits[part.of] = { downloadName: part.splitName, total: part.total, skipped: part.skipped };
      }
    }
  }),
  on(downloadEvents.profilesRequested, (draft) => {
    draft.profiles.status = draft.profiles.status === 'loaded' ? 'fetching' : 'initial';
  }),
  on(downloadEvents.profilesLoaded, (draft, { payload }) => {
    draft.profiles = { status: 'loaded', list: payload.profiles, error: null };
  }),
  on(downloadEvents.profilesLoadFailed, (draft, { payload }) => {
    draft.profiles.status = 'error';
    draft.profiles.error = payload.error;
  }),
];

export const downloadsReducer = caseReducer<DownloadsState>(
  ...cases,
  // what another tab told of a download folds as it did there: every tab shows the same rows
  onToldFacts(downloadSharedFacts, caseReducer<DownloadsState>(...cases)),
);
