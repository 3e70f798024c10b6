import { freeze } from 'immer';
import { combineEpics, type Epic } from './core/epic';
import type { AnyEvent } from './core/event';
import * as appEpics from './app/epics';
import { type AppState, appReducer, initialAppState } from './app/reducer';
import * as logsEpics from './logs/epics';
import { initialLogsState, type LogsState, logsReducer } from './logs/reducer';
import * as routerEpics from './router/epics';
import { initialRouterState, type RouterState, routerReducer } from './router/reducer';
import { initialSystemState, type SystemState, systemReducer } from './system/reducer';

/** The whole state tree: one slice per domain. */
export interface RootState {
  app: AppState;
  router: RouterState;
  logs: LogsState;
  system: SystemState;
}

export const initialRootState: RootState = freeze(
  { app: initialAppState, router: initialRouterState, logs: initialLogsState, system: initialSystemState },
  true,
);

/** Each slice folds every event; the root keeps its identity when no slice changed. */
export function rootReducer(state: RootState, event: AnyEvent): RootState {
  const app = appReducer(state.app, event);
  const router = routerReducer(state.router, event);
  const logs = logsReducer(state.logs, event);
  const system = systemReducer(state.system, event);
  if (app === state.app && router === state.router && logs === state.logs && system === state.system)
    return state;
  return { app, router, logs, system };
}

export const rootEpic: Epic<RootState> = combineEpics<RootState>(
  ...Object.values(appEpics),
  ...Object.values(routerEpics),
  ...Object.values(logsEpics),
);
