import {
  mergeMap,
  NEVER,
  type Observable,
  throwError,
  timer,
  VirtualAction,
  VirtualTimeScheduler,
} from 'rxjs';
import * as app from '../../streams/app/events';
import { appDomain } from '../../streams/app/domain';
import { domainEpics, type Epic } from '../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../streams/core/errors';
import type { UnstampedEvent } from '../../streams/core/event';
import type { HttpRequest, HttpResponse } from '../../streams/core/http';
import { liveInputs } from '../../streams/core/recorded-inputs';
import { createStore } from '../../streams/core/store';
import { logsDomain } from '../../streams/logs/domain';
import { type EventLogFile, serializeLog } from '../../streams/recorder/log-file';
import { createRecorder } from '../../streams/recorder/recorder';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import * as router from '../../streams/router/events';
import { routerDomain } from '../../streams/router/domain';
import { appStarted } from '../helpers/app-started';
import { fakeHttp, testDeps } from '../helpers/test-deps';

/**
 * Sessions recorded with the real reducers and the shell's epics (app, router, logs) in virtual
 * time, against a scripted server. Re-simulation tests run the same epics: the epics of domains
 * added later would react to `app/started` and rightly report a divergence.
 */
export const shellEpic: Epic<RootState> = domainEpics<RootState>(appDomain, routerDomain, logsDomain);

export const STARTED_AT = Date.UTC(2026, 0, 5, 9, 30);

type Answer = { latency: number; status: number; data?: unknown };
/** Answers by request path, in order; the last one repeats. */
type Script = Record<string, Answer[]>;

interface RecordedSession {
  inputs: Array<{ at: number; event: UnstampedEvent }>;
  server: Script;
}

/** Without a stack: a fixture must not hold this machine's paths. */
function serverError(status: number): AppError {
  const error =
    status === 0
      ? new AppError({ code: ERROR_CODES.network, message: 'Network error' })
      : new AppError({ code: ERROR_CODES.http(status), message: 'Server Error', status });
  error.stack = '';
  return error;
}

function scriptedServer(script: Script, scheduler: VirtualTimeScheduler) {
  const served = new Map<string, number>();
  return (request: HttpRequest<unknown>): Observable<HttpResponse<unknown>> => {
    const answers = script[request.path];
    // a request the script does not know stays unanswered, in the recording and the re-simulation
    if (!answers) return NEVER;
    const index = served.get(request.path) ?? 0;
    served.set(request.path, index + 1);
    const answer = answers[Math.min(index, answers.length - 1)]!;
    return timer(answer.latency, scheduler).pipe(
      mergeMap(() =>
        answer.status < 400
          ? [{ status: answer.status, data: answer.data }]
          : throwError(() => serverError(answer.status)),
      ),
    );
  };
}

/**
 * Runs a session through the real store recording its inputs, as the live portal does. A page
 * busy for `timersLateBy` ms fires every timer that much later than due.
 */
export function recordSession(
  session: RecordedSession,
  epic: Epic<RootState> = shellEpic,
  { timersLateBy = 0 } = {},
): EventLogFile {
  const scheduler = new VirtualTimeScheduler(VirtualAction);
  scheduler.frame = STARTED_AT;
  const deps = testDeps({ scheduler, http: fakeHttp(scriptedServer(session.server, scheduler)) });
  const recorder = createRecorder<RootState>({
    capacity: 1000,
    snapshotEvery: 500,
    app: { version: '0.1.0', commit: 'fixture' },
  });
  recorder.setSession({ startedAt: STARTED_AT, locale: 'en', seed: 42 });
  const store = createStore({
    reducer: rootReducer,
    rootEpic: epic,
    deps,
    initialState: initialRootState,
    recorder,
    inputs: {
      ...liveInputs(scheduler),
      arm: (_key, delay, fire) => scheduler.schedule(fire, delay + timersLateBy),
    },
  });
  for (const { at, event } of session.inputs) scheduler.schedule(() => store.dispatch(event), at);
  scheduler.flush();
  store.destroy();
  return recorder.export();
}

const INFOS = { infos: { appName: 'Wedia Demo Portal', appBGUrl: '/bg.svg' } };

/** A visit: the info fails, a log entry is sent 10 s later, the user retries and navigates. */
export const visitWithRetry: RecordedSession = {
  inputs: [
    { at: 0, event: appStarted() },
    { at: 3000, event: app.infoRetried({}) },
    { at: 4000, event: router.navigated({ path: '/carts', search: '', via: 'link' }) },
    { at: 20_000, event: router.navigated({ path: '/', search: '', via: 'history' }) },
  ],
  server: {
    '/wedia/app/infos/getInfos': [
      { latency: 120, status: 500 },
      { latency: 150, status: 200, data: INFOS },
    ],
    '/wedia/bo/authorizedusers/applications/isAvailable': [
      { latency: 80, status: 200, data: { available: true } },
    ],
    '/packaged/portal/log': [{ latency: 60, status: 200 }],
  },
};

/** The log server fails twice: each failed send is tried again after the debounce. */
export const logSendRetried: RecordedSession = {
  inputs: [
    { at: 0, event: appStarted({ applicationName: null }) },
    { at: 500, event: app.resetRequested({}) },
    { at: 2000, event: app.infoRetried({}) },
  ],
  server: {
    '/wedia/app/infos/getInfos': [
      { latency: 100, status: 503 },
      { latency: 90, status: 503 },
      { latency: 110, status: 200, data: INFOS },
    ],
    '/packaged/portal/log': [
      { latency: 70, status: 500 },
      { latency: 70, status: 0 },
      { latency: 50, status: 200 },
    ],
  },
};

export const RECORDED_SESSIONS = {
  'visit-with-retry.evlog.json': visitWithRetry,
  'log-send-retried.evlog.json': logSendRetried,
};

export function recordedText(session: RecordedSession): string {
  return serializeLog(recordSession(session));
}
