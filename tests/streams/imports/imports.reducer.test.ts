import { describe, expect, it } from 'vitest';
import {
  filesAdded,
  itemsFetched,
  itemsPageLoaded,
  itemsSearchRequested,
  jobCreated,
  jobFetchFailed,
  jobFetchStarted,
  jobLoaded,
  listLoaded,
  listRegistered,
  resumeDismissed,
  uploadFailed,
  uploadLoaded,
  uploadProgressed,
  uploadResolving,
  uploadsRestored,
  uploadStarted,
  wordsLoaded,
  wordsRequested,
} from '../../../streams/imports/events';
import {
  selectFailedUploads,
  selectImportListJobs,
  selectUploadProgress,
  selectUploadQueue,
  selectUploadsToResume,
} from '../../../streams/imports/selectors';
import { UPLOAD_BUCKET_SIZE } from '../../../streams/imports/model';
import { fold } from '../../helpers/marbles';

const file = (n: number) => ({ id: `1700000000000_${n}`, name: `f${n}.jpg`, size: 1000 });

describe('imports reducer', () => {
  it('a job goes initial, then loaded, then fetching on a second fetch; 404 gives not_found', () => {
    const first = fold([jobFetchStarted({ jobId: '1' })]);
    expect(first.imports.jobs['1']!.status).toBe('initial');
    const loaded = fold(
      [jobLoaded({ jobId: '1', job: { id: 1, $moreChildren_$items: { total: 12 } } })],
      first,
    );
    expect(loaded.imports.jobs['1']).toMatchObject({ status: 'loaded', count: 12 });
    const again = fold([jobFetchStarted({ jobId: '1' })], loaded);
    expect(again.imports.jobs['1']!.status).toBe('fetching');
    const missing = fold([
      jobFetchFailed({ jobId: '2', error: { code: 'error.http.404', message: 'Not found', status: 404 } }),
    ]);
    expect(missing.imports.jobs['2']!.status).toBe('not_found');
  });

  it('a created job comes first in every list; the list keeps the server order', () => {
    const state = fold([
      listRegistered({ name: 'mine' }),
      listLoaded({ name: 'mine', reset: true, next: null, jobs: [{ id: 3 }, { id: 2 }] }),
      jobCreated({ requestId: 'r', jobId: '4', job: { id: 4 } }),
    ]);
    expect(selectImportListJobs(state, 'mine').map((job) => job.id)).toEqual(['4', '3', '2']);
    expect(state.imports.creates.r).toMatchObject({ status: 'loaded', jobId: '4' });
  });

  it('a search page of id and status keeps what a fuller fetch gave', () => {
    const state = fold([
      itemsFetched({ jobId: '1', ids: ['7'], items: [{ id: 7, name: 'cat', $status: 3 }] }),
      itemsSearchRequested({ jobId: '1' }),
      itemsPageLoaded({ jobId: '1', reset: true, more: false, items: [{ id: 7, $status: 4 }] }),
    ]);
    expect(state.imports.items['7']!.data).toMatchObject({ name: 'cat', $status: 4 });
    expect(state.imports.jobs['1']!.search!.ids).toEqual(['7']);
  });

  it('keeps the words of the last text', () => {
    const state = fold([
      wordsRequested({ jobId: '1', fulltext: 'ca' }),
      wordsLoaded({ jobId: '1', fulltext: 'ca', words: ['a', 'b', 'c'] }),
    ]);
    expect(state.imports.jobs['1']!.words!.words).toEqual(['a', 'b', 'c']);
  });

  it('files fill buckets; a slot is taken only below the limit; progress and loaded copy one bucket', () => {
    const count = UPLOAD_BUCKET_SIZE + 10;
    const added = fold([
      filesAdded({ jobId: '5', files: Array.from({ length: count }, (_, i) => file(i + 1)) }),
    ]);
    expect(added.imports.uploads.buckets).toHaveLength(2);
    const running = fold(
      [
        uploadResolving({ id: file(1).id, limit: 1 }),
        uploadResolving({ id: file(2).id, limit: 1 }),
        uploadStarted({ id: file(1).id }),
        uploadProgressed({ id: file(1).id, loaded: 500, total: 1000, progress: 50 }),
      ],
      added,
    );
    expect(running.imports.uploads.running).toBe(1);
    expect(running.imports.uploads.buckets[1]).toBe(added.imports.uploads.buckets[1]);
    expect(
      selectUploadQueue(running, '5')
        .slice(0, 2)
        .map((one) => [one.status, one.progress]),
    ).toEqual([
      ['resolved', 50],
      ['registered', 0],
    ]);
    expect(selectUploadProgress(running, '5')).toMatchObject({
      files: count,
      running: 1,
      waiting: count - 1,
    });
    const done = fold([uploadLoaded({ id: file(1).id, jobId: '5', item: { id: 77 } })], running);
    expect(done.imports.uploads.running).toBe(0);
    expect(selectUploadQueue(done, '5')[0]).toMatchObject({ status: 'loaded', itemId: '77', progress: 100 });
  });

  it('a failed file leaves the queue and is kept per job with its message and key', () => {
    const state = fold([
      filesAdded({ jobId: '5', files: [file(1)] }),
      uploadResolving({ id: file(1).id, limit: 3 }),
      uploadFailed({
        id: file(1).id,
        jobId: '5',
        message: 'Wrong format',
        messageKey: 'error.message.format',
        error: { code: 'error.rest.400/9', message: 'Wrong format' },
      }),
    ]);
    expect(selectUploadQueue(state, '5')).toEqual([]);
    expect(state.imports.uploads.running).toBe(0);
    expect(selectFailedUploads(state, '5')).toEqual([
      {
        id: file(1).id,
        name: 'f1.jpg',
        size: 1000,
        message: 'Wrong format',
        messageKey: 'error.message.format',
      },
    ]);
  });

  it('files to resume are listed per job until chosen again or dismissed', () => {
    const restored = fold([
      uploadsRestored({
        files: [
          { id: 'a', jobId: '5', name: 'x.jpg', size: 3 },
          { id: 'b', jobId: '6', name: 'y.jpg', size: 4 },
        ],
      }),
    ]);
    expect(selectUploadsToResume(restored, '5').map((one) => one.name)).toEqual(['x.jpg']);
    const chosen = fold(
      [filesAdded({ jobId: '5', files: [{ id: 'n1', name: 'x.jpg', size: 3 }] })],
      restored,
    );
    expect(selectUploadsToResume(chosen).map((one) => one.id)).toEqual(['b']);
    expect(selectUploadsToResume(fold([resumeDismissed({})], chosen))).toEqual([]);
  });
});
