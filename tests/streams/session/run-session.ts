import type { Observable } from 'rxjs';
import { config } from '../../../streams/core/config';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import type { KeyValueStore } from '../../../streams/core/deps';
import type { SessionVault } from '../../../streams/core/session-vault';
import { domainEpics } from '../../../streams/core/epic';
import type { RootState } from '../../../streams/root';
import { sessionDomain } from '../../../streams/session/domain';
import { appStarted } from '../../helpers/app-started';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer, demoVault, multipartOf, tokenAnswer } from './session-fixtures';

export type Server = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>>;

const anonymous = { response: { data: {} } };
export const applicationMe = {
  response: { data: { id: 1, isApp: true, isUser: false, application: 'wedia-demo' } },
};
export const aliceMe = {
  response: {
    data: {
      id: 1,
      locale: 'fr_FR',
      isUser: true,
      isApp: false,
      application: null,
      role: { watermark: false },
    },
  },
};

/** The demo server as the session sees it: every token lives `lifetimeS`, who-am-I follows the last sign-in. */
export function sessionServer(overrides: Partial<Record<string, Server>> = {}, lifetimeS = 100): Server {
  let me: unknown = anonymous;
  return (request) => {
    const override = overrides[request.path];
    if (override) return override(request);
    if (request.path === '/rest/signin') {
      me = multipartOf(request).application ? applicationMe : aliceMe;
      return answer(tokenAnswer(0, lifetimeS, String(multipartOf(request).login)));
    }
    if (request.path === '/rest/token') return answer(tokenAnswer(0, lifetimeS, 'refreshed'));
    if (request.path === '/json/whoami') return answer(me);
    if (request.path === '/rest/signout') {
      me = applicationMe;
      return answer(undefined);
    }
    if (request.path === '/rest/config') return answer({ versions: { engine: '11.2' } });
    if (request.path === '/rest/auth/config') return answer({ providers: [{ id: 'okta', name: 'Okta' }] });
    throw new Error(`unexpected ${request.path}`);
  };
}

/** Runs the session's epics from start-up; returns what the server was asked and every event, timed. */
export function runSession(
  options: {
    server?: Server;
    vault?: SessionVault;
    stored?: string;
    /** the who-am-I the last visit kept (issue 25) */
    kept?: unknown;
    script?: (store: ReturnType<typeof epicStore>, at: (ms: number, act: () => void) => void) => void;
    until?: number;
    startPayload?: Parameters<typeof appStarted>[0];
  } = {},
) {
  const scheduler = marbleScheduler();
  const http = fakeHttp(options.server ?? sessionServer());
  const vault = options.vault ?? demoVault();
  const events: string[] = [];
  let state: RootState | undefined;
  let storage: KeyValueStore | undefined;
  scheduler.run(() => {
    const deps = testDeps({ scheduler, http, session: vault });
    storage = deps.storage;
    if (options.stored) deps.storage.setItem(config.refreshTokenStorageKey, options.stored);
    if (options.kept) deps.storage.setItem(config.keptIdentityStorageKey, JSON.stringify(options.kept));
    const store = epicStore(deps, domainEpics<RootState>(sessionDomain));
    store.event$.subscribe((event) => {
      if (event.type.startsWith('session/')) events.push(`${scheduler.now()} ${event.type}`);
    });
    store.dispatch(appStarted({ cookieAuth: vault.connection.cookieAuth, ...options.startPayload }));
    options.script?.(store, (ms, act) => scheduler.schedule(act, ms));
    scheduler.schedule(() => {
      state = store.getState();
    }, options.until ?? 1);
    scheduler.schedule(() => store.destroy(), (options.until ?? 1) + 1);
  });
  return { requests: http.requests, events, state: state!, vault, storage: storage! };
}

export const at = (events: string[], type: string) =>
  events.filter((line) => line.endsWith(` ${type}`)).map((line) => Number(line.split(' ')[0]));
