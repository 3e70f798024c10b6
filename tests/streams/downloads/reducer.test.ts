import { describe, expect, it } from 'vitest';
import {
  built,
  type DownloadRecord,
  fetchProgressed,
  fileSaved,
  pendingRestored,
  requested,
  sizeTested,
  split,
  splitConfirmed,
  splitDeclined,
  splitNoticeDismissed,
  zipReady,
} from '../../../streams/downloads/events';
import { downloadProgress, selectDownloads, selectHeldSplits } from '../../../streams/downloads/selectors';
import { rootStoreWithoutEpics } from '../../helpers/store-without-epics';

const options = {
  profile: 'originals',
  withContactSheet: true,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};
const ok = { size: 100, maxSize: 1000, refused: false, warnSize: 500, warn: false };
const skipped = [{ resource: 'video', id: '9', size: 5000, name: 'Big.mov' }];

/** A store holding "Spring" split in two parts (held), and the id of the download that was split. */
function splitSpring() {
  const store = rootStoreWithoutEpics();
  const start = store.dispatch(
    requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options }),
  )!;
  const origin = `7-${start.meta.at}-${start.meta.id}`;
  store.dispatch(
    split({
      downloadId: origin,
      parts: [
        { selection: { asset: ['1'] }, size: 300 },
        { selection: { asset: ['2'] }, size: 200 },
      ],
      skipped,
    }),
  );
  return { store, origin };
}

describe('downloads reducer: a split asked once (issue 13)', () => {
  it('holds every part until the one answer, with the measured sizes; the question adds them up', () => {
    const { store, origin } = splitSpring();
    const parts = selectDownloads(store.getState());
    expect(parts.map((record) => [record.downloadName, record.held, record.plannedSize])).toEqual([
      ['Spring 1 of 2', true, 300],
      ['Spring 2 of 2', true, 200],
    ]);
    expect(parts.map((record) => downloadProgress(record).kind)).toEqual(['none', 'none']);
    expect(selectHeldSplits(store.getState())).toEqual([
      { origin, downloadName: 'Spring', parts: 2, size: 500, skipped },
    ]);
    store.dispatch(splitConfirmed({ downloadId: origin }));
    expect(selectDownloads(store.getState()).map((record) => record.held)).toEqual([false, false]);
    expect(selectHeldSplits(store.getState())).toEqual([]);
    // the notice stays, with the items left out
    expect(store.getState().downloads.splits[origin]?.skipped).toEqual(skipped);
  });

  it('a declined split leaves nothing behind', () => {
    const { store, origin } = splitSpring();
    store.dispatch(splitDeclined({ downloadId: origin }));
    expect(store.getState().downloads.order).toEqual([]);
    expect(store.getState().downloads.splits).toEqual({});
  });

  it('a reload keeps the parts held and brings the notice back from part 1, unless it was dismissed', () => {
    const { store, origin } = splitSpring();
    const records = selectDownloads(store.getState());
    const reloaded = rootStoreWithoutEpics();
    reloaded.dispatch(pendingRestored({ records: JSON.parse(JSON.stringify(records)) as DownloadRecord[] }));
    expect(selectHeldSplits(reloaded.getState())).toEqual([
      { origin, downloadName: 'Spring', parts: 2, size: 500, skipped },
    ]);
    store.dispatch(splitNoticeDismissed({ downloadId: origin }));
    const again = rootStoreWithoutEpics();
    again.dispatch(
      pendingRestored({
        records: JSON.parse(JSON.stringify(selectDownloads(store.getState()))) as DownloadRecord[],
      }),
    );
    expect(again.getState().downloads.splits).toEqual({});
  });
});

describe('downloads reducer: honest progress (issue 13)', () => {
  it('server, then bytes fetched by the page, then saved under its name; or in the browser', () => {
    const store = rootStoreWithoutEpics();
    const start = store.dispatch(
      requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options }),
    )!;
    const id = `7-${start.meta.at}-${start.meta.id}`;
    const record = () => store.getState().downloads.records[id]!;
    expect(downloadProgress(record())).toEqual({ kind: 'server' });
    store.dispatch(sizeTested({ downloadId: id, infos: ok }));
    store.dispatch(built({ downloadId: id, zipUuid: 'z' }));
    expect(downloadProgress(record())).toEqual({ kind: 'server' });
    store.dispatch(zipReady({ downloadId: id, url: '/z' }));
    expect(downloadProgress(record())).toEqual({ kind: 'browser' });
    store.dispatch(fetchProgressed({ downloadId: id, loaded: 10, total: 40 }));
    expect(downloadProgress(record())).toEqual({ kind: 'bytes', loaded: 10, total: 40 });
    store.dispatch(fileSaved({ downloadId: id, fileName: 'Spring.zip', bytes: 40 }));
    expect(record()).toMatchObject({ status: 'downloaded', savedAs: 'Spring.zip', fetched: { loaded: 40 } });
    expect(downloadProgress(record())).toEqual({ kind: 'done' });
    // what comes late changes nothing
    store.dispatch(fetchProgressed({ downloadId: id, loaded: 1, total: 40 }));
    expect(record().fetched).toEqual({ loaded: 40, total: 40 });
  });
});
