import { defer, filter, finalize, NEVER, type Observable, tap } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type Config, config } from '../../../streams/core/config';
import type { UploadReport } from '../../../streams/core/deps';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest } from '../../../streams/core/http';
import { importsDomain } from '../../../streams/imports/domain';
import {
  filesAdded,
  uploadConcurrencyChangeRequested,
  uploadProgressed,
  uploadRemoveRequested,
  uploadRetryRequested,
} from '../../../streams/imports/events';
import { UPLOAD_REFUSALS } from '../../../streams/imports/api';
import { selectFailedUploads, selectUploadFile, selectUploadQueue } from '../../../streams/imports/selectors';
import { uploadError } from '../../../streams/imports/upload-epics';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Report = UploadReport<unknown>;
const done: Report = { kind: 'answer', status: 200, data: { response: { data: { id: 900, job: 5 } } } };

/** A store with every imports epic; `send` answers each upload, `inFlight`/`peak` count the open ones. */
function setup(
  scheduler: TestScheduler,
  send: (request: HttpRequest<unknown>, rank: number) => Observable<Report>,
  overrides: Partial<Config> = {},
  server: Parameters<typeof fakeHttp>[0] = () => NEVER,
) {
  let inFlight = 0;
  let peak = 0;
  const sent: number[] = [];
  const http = fakeHttp(server);
  const deps = testDeps({
    scheduler,
    http,
    config: overrides,
    uploads: {
      send: <T>(request: HttpRequest<T>) =>
        defer(() => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          sent.push(scheduler.now());
          // a request ends with its answer (or error, or abort), whichever comes first
          let open = true;
          const end = () => {
            if (open) inFlight -= 1;
            open = false;
          };
          return send(request as HttpRequest<unknown>, sent.length - 1).pipe(
            tap({ next: (report) => report.kind === 'answer' && end(), error: end }),
            finalize(end),
          );
        }) as Observable<UploadReport<T>>,
    },
  });
  const store = epicStore(deps, domainEpics<RootState>(importsDomain));
  return { store, deps, http, sent, stats: () => ({ inFlight, peak }) };
}

function addFiles(deps: ReturnType<typeof testDeps>, count: number, jobId = '5') {
  const files = Array.from({ length: count }, (_, index) => {
    const id = `1700000000000_${index + 1}`;
    deps.files.set(id, new Blob([new Uint8Array(100)]));
    return { id, name: `f${index + 1}.jpg`, size: 100, type: 'image/jpeg' };
  });
  return filesAdded({ jobId, files });
}

describe('upload queue (protocol §15.2)', () => {
  it(`runs at most uploadConcurrencyDefault (${config.uploadConcurrencyDefault}) at once, the next starting when one ends`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, deps, sent, stats } = setup(scheduler, () => cold('10ms (a|)', { a: done }));
      hot('a', { a: addFiles(deps, 7) }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(stats().peak).toBe(config.uploadConcurrencyDefault);
        expect(sent).toEqual([0, 0, 0, 10, 10, 10, 20]);
        const queue = selectUploadQueue(store.getState(), '5');
        expect(queue.map((file) => file.status)).toEqual(Array(7).fill('loaded'));
        expect(queue[0]!.itemId).toBe('900');
      }, 100);
    });
  });

  it('1 at once when asked 1; asking 0 is clamped to uploadConcurrencyMin, 50 to uploadConcurrencyMax', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, deps, sent, stats } = setup(scheduler, () => cold('10ms (a|)', { a: done }));
      hot('a b', {
        a: uploadConcurrencyChangeRequested({ value: 1 }),
        b: addFiles(deps, 3),
      }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(stats().peak).toBe(1);
        expect(sent).toEqual([1, 11, 21]);
        store.dispatch(uploadConcurrencyChangeRequested({ value: 0 }));
        expect(store.getState().imports.uploads.concurrency).toBe(config.uploadConcurrencyMin);
        store.dispatch(uploadConcurrencyChangeRequested({ value: 50 }));
        expect(store.getState().imports.uploads.concurrency).toBe(config.uploadConcurrencyMax);
      }, 100);
    });
  });

  it(`runs ${config.uploadConcurrencyMax} at once at the most, and a change while running frees slots at once`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, deps, sent, stats } = setup(scheduler, () => cold('10ms (a|)', { a: done }));
      hot('a 4ms b', {
        a: addFiles(deps, 25),
        b: uploadConcurrencyChangeRequested({ value: 99 }),
      }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(stats().peak).toBe(config.uploadConcurrencyMax);
        // 3 at 0, then 7 more at 5 when the limit becomes 10
        expect(sent.slice(0, 10)).toEqual([0, 0, 0, 5, 5, 5, 5, 5, 5, 5]);
      }, 200);
    });
  });

  it(`reports progress in steps of at least uploadProgressStepPct (${config.uploadProgressStepPct} %)`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const reports = cold<Report>('a b c d e (f|)', {
        a: { kind: 'progress', loaded: 0, total: 1000 },
        b: { kind: 'progress', loaded: 5, total: 1000 },
        c: { kind: 'progress', loaded: 10, total: 1000 },
        d: { kind: 'progress', loaded: 19, total: 1000 },
        e: { kind: 'progress', loaded: 500, total: 1000 },
        f: done,
      });
      const { store, deps } = setup(scheduler, () => reports);
      hot('a', { a: addFiles(deps, 1) }).subscribe((event) => store.dispatch(event));
      expectObservable(typesOf(store, 'imports/uploadProgressed')).toBe('--a-a', {
        a: 'imports/uploadProgressed',
      });
      const progress: number[] = [];
      store.event$
        .pipe(filter(uploadProgressed.match))
        .subscribe((event) => progress.push(event.payload.progress));
      scheduler.schedule(() => {
        expect(progress).toEqual([1, 50]);
        expect(selectUploadFile(store.getState(), '1700000000000_1')).toMatchObject({
          status: 'loaded',
          progress: 100,
        });
      }, 10);
    });
  });

  it('goes registered → resolving → resolved → loaded; a cancelled running file goes invalid, its request aborted, never loaded', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, deps, stats } = setup(scheduler, () => cold('10ms (a|)', { a: done }));
      store.state$.subscribe((state) => {
        const status = selectUploadFile(state, '1700000000000_1')?.status ?? 'none';
        if (statuses.at(-1) !== status) statuses.push(status);
      });
      hot('a 4ms b', {
        a: addFiles(deps, 1),
        b: uploadRemoveRequested({ id: '1700000000000_1' }),
      }).subscribe((event) => store.dispatch(event));
      expectObservable(typesOf(store, 'imports/upload')).toBe('(ab) 1ms (de)', {
        a: 'imports/uploadResolving',
        b: 'imports/uploadStarted',
        d: 'imports/uploadRemoveRequested',
        e: 'imports/uploadCanceled',
      });
      scheduler.schedule(() => {
        expect(stats().inFlight).toBe(0);
        expect(deps.files.get('1700000000000_1')).toBeUndefined();
      }, 50);
    });
    expect(statuses).toEqual(['none', 'registered', 'resolving', 'resolved', 'invalid', 'none']);
  });

  it('removing a registered file drops it; a format refusal (400/9) keeps the file with error.message.format', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const refused = new AppError({
        code: 'error.rest.400/9',
        message: 'The import does not accept text/plain',
        status: 400,
        restCode: '400/9',
      });
      const { store, deps } = setup(
        scheduler,
        (_request, rank) =>
          rank === 0 ? cold<Report>('5ms #', undefined, refused) : cold('10ms (a|)', { a: done }),
        { uploadConcurrencyDefault: 1 },
      );
      hot('a b', {
        a: addFiles(deps, 3),
        b: uploadRemoveRequested({ id: '1700000000000_3' }),
      }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(selectUploadQueue(store.getState(), '5').map((file) => [file.id, file.status])).toEqual([
          ['1700000000000_2', 'loaded'],
        ]);
        expect(selectFailedUploads(store.getState(), '5')).toEqual([
          {
            id: '1700000000000_1',
            name: 'f1.jpg',
            size: 100,
            message: 'The import does not accept text/plain',
            messageKey: 'error.message.format',
          },
        ]);
      }, 100);
    });
  });

  it('each refusal code of the demo server gets the key of its sentence; the message stays the detail', () => {
    const keys = Object.values(UPLOAD_REFUSALS).map(
      (restCode) =>
        uploadError({ code: `error.rest.${restCode}`, message: 'the server says', restCode }).messageKey,
    );
    expect(keys).toEqual([
      'error.message.format',
      'error.upload.damaged',
      'error.upload.unreadableZip',
      'error.upload.tooLarge',
      'error.upload.tooManyPixels',
      'error.upload.zipEntries',
      'error.upload.zipTooLarge',
      'error.upload.zipBomb',
      'error.upload.zipTimeout',
    ]);
    expect(uploadError({ code: 'error.rest.400/17', message: 'x', restCode: '400/17' }).messageKey).toBe(
      'error.message.format',
    );
    expect(uploadError({ code: 'error.rest.413', message: 'Too big', restCode: '413' })).toEqual({
      message: 'Too big',
    });
  });

  it('another error gives its message, no message at all "An error occured"', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      // the lost answer's read back fails too: unconfirmed, with the upload's own message
      const { store, deps } = setup(
        scheduler,
        (_request, rank) =>
          rank === 0
            ? cold<Report>(
                '#',
                undefined,
                new AppError({ code: 'error.network', message: 'Failed to fetch' }),
              )
            : cold<Report>(
                '#',
                undefined,
                new AppError({ code: 'error.http.500', message: '', status: 500 }),
              ),
        {},
        () => cold('#', undefined, new AppError({ code: 'error.network', message: 'Failed to fetch' })),
      );
      hot('a', { a: addFiles(deps, 2) }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(
          selectFailedUploads(store.getState(), '5').map((file) => [file.message, file.messageKey]),
        ).toEqual([
          // the lost answer is said once its read back has failed, after the 500
          ['An error occured', null],
          ['Failed to fetch', null],
        ]);
      }, 10);
    });
  });

  it('an upload the server failed (500) keeps its File; "Try again" queues it again and it is loaded (issue 27)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const outage = new AppError({ code: 'error.http.500', message: 'Fault injected', status: 500 });
      const { store, deps, sent } = setup(scheduler, (_request, rank) =>
        rank === 0 ? cold<Report>('5ms #', undefined, outage) : cold('10ms (a|)', { a: done }),
      );
      hot('a 19ms b', {
        a: addFiles(deps, 1),
        b: uploadRetryRequested({ id: '1700000000000_1', jobId: '5' }),
      }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(selectFailedUploads(store.getState(), '5')).toEqual([
          expect.objectContaining({
            id: '1700000000000_1',
            retry: { type: 'image/jpeg', unzip: false, code: 'error.http.500' },
          }),
        ]);
        expect(deps.files.get('1700000000000_1')).toBeDefined();
      }, 10);
      scheduler.schedule(() => {
        expect(sent).toEqual([0, 20]);
        expect(selectFailedUploads(store.getState(), '5')).toEqual([]);
        expect(selectUploadFile(store.getState(), '1700000000000_1')?.status).toBe('loaded');
        expect(deps.files.get('1700000000000_1')).toBeUndefined();
      }, 40);
    });
  });

  it('an upload whose answer was lost is looked for by name: found, it is loaded and not sent again; not found, it can be (issue 27)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const lost = new AppError({ code: 'error.network', message: 'Failed to fetch' });
      // the server made f1.jpg (item 901) before the connection dropped, never f2.jpg
      const { store, deps, http, sent } = setup(
        scheduler,
        () => cold<Report>('5ms #', undefined, lost),
        {},
        (request) => {
          const name = (request.body as { form: { query: { name: { eq: string } } } }).form.query.name.eq;
          const rows = name === 'f1.jpg' ? [{ id: 901, job: 5, name }] : [];
          return cold('5ms (a|)', { a: { status: 200, data: { response: { data: rows } } } });
        },
      );
      hot('a', { a: addFiles(deps, 2) }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        expect(sent).toEqual([0, 0]);
        const reads = http.requests.filter((request) => request.override === 'GET');
        expect(reads.map((request) => [request.method, request.override, request.path])).toEqual([
          ['POST', 'GET', '/rest/massimport/job/5/item'],
          ['POST', 'GET', '/rest/massimport/job/5/item'],
        ]);
        expect(selectUploadFile(store.getState(), '1700000000000_1')).toMatchObject({
          status: 'loaded',
          itemId: '901',
        });
        expect(selectFailedUploads(store.getState(), '5')).toEqual([
          expect.objectContaining({
            id: '1700000000000_2',
            retry: expect.objectContaining({ code: 'error.network' }),
          }),
        ]);
      }, 50);
    });
  });

  it('sends the file as multipart with json referencing it by cid, unzip in the query', () => {
    const scheduler = marbleScheduler();
    const requests: HttpRequest<unknown>[] = [];
    scheduler.run(({ hot, cold }) => {
      const { store, deps } = setup(scheduler, (request) => {
        requests.push(request);
        return cold('(a|)', { a: done });
      });
      const event = addFiles(deps, 1);
      hot('a', { a: filesAdded({ ...event.payload, unzip: true }) }).subscribe((one) => store.dispatch(one));
    });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/rest/massimport/item', query: { unzip: true } });
    const multipart = (request!.body as { multipart: Record<string, unknown> }).multipart;
    expect(JSON.parse(multipart.json as string)).toEqual({ job: 5, binary: 'cid:binary', name: 'f1.jpg' });
    expect(multipart.binary).toBeInstanceOf(Blob);
  });
});
