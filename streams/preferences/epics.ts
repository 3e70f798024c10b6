import { concat, distinctUntilChanged, EMPTY, filter, map, merge, mergeMap, of } from 'rxjs';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import type { Http } from '../core/http';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import { whoAmILoaded } from '../session/events';
import { selectMe, userIdOf, type WithSession } from '../session/selectors';
import { factReceived, receivedFact } from '../tabs/events';
import * as api from './api';
import { BOOKMARKS_KEY } from './bookmarks';
import {
  bookmarkAddRequested,
  fetchStarted,
  getRequested,
  identityAdopted,
  loaded,
  loadFailed,
  notFound,
  portalRequested,
  reloadRequested,
  removed,
  removeFailed,
  removeRequested,
  saved,
  saveFailed,
  saveStarted,
  setRefused,
  setRequested,
} from './events';
import { PREFERENCES_READ_AT_START } from './portal-preferences';
import { selectPreference, type WithPreferences } from './selectors';

type S = WithPreferences;

type Entry = Parameters<typeof api.setPreference>[0];

/** One preference written: its `saved` (the stored value as the server answers it, else the one sent) or `saveFailed`. */
const writeEntry = (http: Http, { namespace, name, value }: Entry, cause: AnyEvent) =>
  requestAnswer(
    http,
    api.setPreference({ namespace, name, value }),
    (data) => saved({ namespace, name, value: (api.valueOfAnswer(data) ?? { value }).value }, cause),
    (error) => saveFailed({ namespace, name, error }, cause),
  );

/** The setter (protocol §4.2): one of the three forms, else 'Invalid parameter'; each entry is its own POST. */
export const savePreferences: Epic<S> = (event$, _state$, { http, config }) =>
  event$.pipe(
    ofType(setRequested),
    mergeMap((event) => {
      const entries = api.preferenceEntries(event.payload.input, config.defaultPreferenceNamespace);
      if (!entries) return of(setRefused({ message: api.INVALID_PARAMETER }, event));
      const writes = entries.map((entry) => writeEntry(http, entry, event));
      return concat(of(saveStarted({ entries }, event)), merge(...writes));
    }),
  );

/**
 * A preference bookmark: the list it is added to, then it, written to `we-bookmarkedCursors` in
 * the default namespace (where the portal's preferences are read, protocol §17.2).
 */
export const addBookmark: Epic<S> = (event$, _state$, { http, config }) =>
  event$.pipe(
    ofType(bookmarkAddRequested),
    mergeMap((event) => {
      const { bookmark, onto } = event.payload;
      const entry = {
        namespace: config.defaultPreferenceNamespace,
        name: BOOKMARKS_KEY,
        value: [...onto, bookmark],
      };
      return concat(of(saveStarted({ entries: [entry] }, event)), writeEntry(http, entry, event));
    }),
  );

/** A read is skipped while the preference is fetching; a missing value or a 404 is `not_found`. */
export const loadPreference: Epic<S> = (event$, state$, { http, config }) =>
  event$.pipe(
    ofType(getRequested, reloadRequested),
    mergeMap((event) => {
      const { name } = event.payload;
      const namespace = event.payload.namespace ?? config.defaultPreferenceNamespace;
      if (selectPreference(state$.value, namespace, name)?.status === 'fetching') return EMPTY;
      return concat(
        of(fetchStarted({ namespace, name }, event)),
        requestAnswer(
          http,
          api.getPreference(namespace, name),
          (data) => {
            const found = api.valueOfAnswer(data);
            return found
              ? loaded({ namespace, name, value: found.value }, event)
              : notFound({ namespace, name }, event);
          },
          (error) =>
            error.status === 404
              ? notFound({ namespace, name }, event)
              : loadFailed({ namespace, name, error }, event),
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
      return requestAnswer(
        http,
        api.removePreference(namespace, name),
        () => removed({ namespace, name }, event),
        (error) => removeFailed({ namespace, name, error }, event),
      );
    }),
  );

/** Started after the identity was known (the preferences load with the portal's code): take it now. */
export const adoptIdentity = catchUpOnStart<S & WithSession>('preferences', (state, start) => {
  const me = selectMe(state);
  return me ? [identityAdopted({ me }, start)] : [];
});

/**
 * The portal's own preferences are read once a user is known, and again when another user signs
 * in, in the configured default namespace (the cart content mode waits for a carts screen).
 */
export const loadPortalPreferences: Epic<S> = (event$, _state$, { config }) =>
  event$.pipe(
    ofType(whoAmILoaded, identityAdopted),
    map((event) => ({ event, user: userIdOf(event.payload.me) })),
    distinctUntilChanged((previous, next) => previous.user === next.user),
    filter(({ user }) => user !== null),
    mergeMap(({ event }) => {
      const namespace = config.defaultPreferenceNamespace;
      return of(
        portalRequested({ namespace }, event),
        ...PREFERENCES_READ_AT_START.map((name) => getRequested({ namespace, name }, event)),
      );
    }),
  );

/**
 * Another tab of the user saved or removed a preference (issue 25): this tab reads it again, so
 * its page size and density follow without a reload.
 */
export const followOtherTabs: Epic<S> = (event$) =>
  event$.pipe(
    ofType(factReceived),
    mergeMap((event) => {
      const changed = receivedFact(event, saved) ?? receivedFact(event, removed);
      return changed ? of(getRequested({ namespace: changed.namespace, name: changed.name }, event)) : EMPTY;
    }),
  );
