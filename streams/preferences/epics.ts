import {
  catchError,
  concat,
  distinctUntilChanged,
  EMPTY,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
} from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { whoAmILoaded } from '../session/events';
import { userIdOf } from '../session/selectors';
import * as api from './api';
import {
  fetchStarted,
  getRequested,
  loaded,
  loadFailed,
  notFound,
  removed,
  removeFailed,
  removeRequested,
  saved,
  saveFailed,
  saveStarted,
  setRefused,
  setRequested,
} from './events';
import { PORTAL_PREFERENCES } from './portal-preferences';
import type { PreferencesState } from './reducer';

type S = { preferences: PreferencesState };

/** The setter (protocol §4.2): one of the three forms, else 'Invalid parameter'; each entry is its own POST. */
export const savePreferences: Epic<S> = (event$, _state$, { http, config }) =>
  event$.pipe(
    ofType(setRequested),
    mergeMap((event) => {
      const entries = api.preferenceEntries(event.payload.input, config.defaultPreferenceNamespace);
      if (!entries) return of(setRefused({ message: api.INVALID_PARAMETER }, event));
      const writes = entries.map(({ namespace, name, value }) =>
        http.request(api.setPreference({ namespace, name, value })).pipe(
          // the stored value as the server answers it, else the one sent
          map(({ data }) =>
            saved({ namespace, name, value: (api.valueOfAnswer(data) ?? { value }).value }, event),
          ),
          catchError((thrown: unknown) =>
            of(saveFailed({ namespace, name, error: serializeError(thrown) }, event)),
          ),
        ),
      );
      return concat(of(saveStarted({ entries }, event)), merge(...writes));
    }),
  );

/** A read is skipped while the preference is fetching; a missing value or a 404 is `not_found`. */
export const loadPreference: Epic<S> = (event$, state$, { http, config }) =>
  event$.pipe(
    ofType(getRequested),
    mergeMap((event) => {
      const { name } = event.payload;
      const namespace = event.payload.namespace ?? config.defaultPreferenceNamespace;
      if (state$.value.preferences.values[namespace]?.[name]?.status === 'fetching') return EMPTY;
      return concat(
        of(fetchStarted({ namespace, name }, event)),
        http.request(api.getPreference(namespace, name)).pipe(
          map(({ data }) => {
            const found = api.valueOfAnswer(data);
            return found
              ? loaded({ namespace, name, value: found.value }, event)
              : notFound({ namespace, name }, event);
          }),
          catchError((thrown: unknown) => {
            const error = serializeError(thrown);
            return of(
              error.status === 404
                ? notFound({ namespace, name }, event)
                : loadFailed({ namespace, name, error }, event),
            );
          }),
        ),
      );
    }),
  );

export const removePreference: Epic<S> = (event$, _state$, { http, config }) =>
  event$.pipe(
    ofType(removeRequested),
    mergeMap((event) => {
      const { name } = event.payload;
      const namespace = event.payload.namespace ?? config.defaultPreferenceNamespace;
      return http.request(api.removePreference(namespace, name)).pipe(
        map(() => removed({ namespace, name }, event)),
        catchError((thrown: unknown) =>
          of(removeFailed({ namespace, name, error: serializeError(thrown) }, event)),
        ),
      );
    }),
  );

/** The portal's own preferences are read once a user is known, and again when another user signs in. */
export const loadPortalPreferences: Epic<S> = (event$) =>
  event$.pipe(
    ofType(whoAmILoaded),
    map((event) => ({ event, user: userIdOf(event.payload.me) })),
    distinctUntilChanged((previous, next) => previous.user === next.user),
    filter(({ user }) => user !== null),
    mergeMap(({ event }) =>
      from(Object.values(PORTAL_PREFERENCES).map((name) => getRequested({ name }, event))),
    ),
  );
