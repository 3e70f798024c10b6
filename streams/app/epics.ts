import { filter, map } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import * as api from './api';
import {
  applicationInvalidated,
  availabilityChecked,
  availabilityCheckFailed,
  availabilityRequested,
  availabilityRetryRequested,
  infoLoaded,
  infoLoadFailed,
  infoRequested,
  infoRetried,
  resetRequested,
  started,
} from './events';
import { selectApplicationName, type WithApp } from './selectors';

type S = WithApp;

export const requestInfo: Epic<S> = (event$) =>
  event$.pipe(
    ofType(started, infoRetried),
    map((event) => infoRequested({}, event)),
  );

// exhaust: a request made while one is resolving is skipped (protocol §19)
export const loadInfo: Epic<S> = requestEpic({
  on: infoRequested,
  flatten: 'exhaust',
  call: () => api.getInfos(),
  succeeded: (data, event) => infoLoaded({ infos: data.infos }, event),
  failed: (error, event) => infoLoadFailed({ error }, event),
});

export const requestAvailability: Epic<S> = (event$) =>
  event$.pipe(
    ofType(started, resetRequested, availabilityRetryRequested),
    map((event) => availabilityRequested({}, event)),
  );

export const checkAvailability: Epic<S> = requestEpic({
  on: availabilityRequested,
  flatten: 'exhaust',
  // without an application name there is nothing to ask: the portal is available
  refuse: (event, state) =>
    selectApplicationName(state) ? null : availabilityChecked({ available: true, message: null }, event),
  call: (_event, state) => api.isAvailable(selectApplicationName(state) ?? ''),
  succeeded: (data, event) =>
    availabilityChecked({ available: data.available, message: data.message ?? null }, event),
  failed: (error, event) => availabilityCheckFailed({ error }, event),
});

export const reportApplicationInvalid: Epic<S> = (_event$, _state$, { http }) =>
  http.notices$.pipe(
    filter((notice) => notice.kind === 'applicationInvalid'),
    map((notice) => applicationInvalidated({ path: notice.path })),
  );
