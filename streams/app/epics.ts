import { catchError, exhaustMap, filter, map, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import * as api from './api';
import {
  applicationInvalidated,
  availabilityChecked,
  availabilityCheckFailed,
  availabilityRequested,
  infoLoaded,
  infoLoadFailed,
  infoRequested,
  infoRetried,
  resetRequested,
  started,
} from './events';
import type { AppState } from './reducer';

type S = { app: AppState };

export const requestInfo: Epic<S> = (event$) =>
  event$.pipe(
    ofType(started, infoRetried),
    map((event) => infoRequested({}, event)),
  );

// exhaustMap: a request made while one is resolving is skipped (protocol §19)
export const loadInfo: Epic<S> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(infoRequested),
    exhaustMap((request) =>
      http.request(api.getInfos()).pipe(
        map(({ data }) => infoLoaded({ infos: data.infos }, request)),
        catchError((error: unknown) => of(infoLoadFailed({ error: serializeError(error) }, request))),
      ),
    ),
  );

export const requestAvailability: Epic<S> = (event$) =>
  event$.pipe(
    ofType(started, resetRequested),
    map((event) => availabilityRequested({}, event)),
  );

export const checkAvailability: Epic<S> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(availabilityRequested),
    exhaustMap((request) => {
      const name = state$.value.app.applicationName;
      // without an application name there is nothing to ask: the portal is available
      if (!name) return of(availabilityChecked({ available: true, message: null }, request));
      return http.request(api.isAvailable(name)).pipe(
        map(({ data }) =>
          availabilityChecked({ available: data.available, message: data.message ?? null }, request),
        ),
        catchError((error: unknown) =>
          of(availabilityCheckFailed({ error: serializeError(error) }, request)),
        ),
      );
    }),
  );

export const reportApplicationInvalid: Epic<S> = (_event$, _state$, { http }) =>
  http.notices$.pipe(
    filter((notice) => notice.kind === 'applicationInvalid'),
    map((notice) => applicationInvalidated({ path: notice.path })),
  );
