import { EMPTY, filter, mergeMap, of, switchMap, take } from 'rxjs';
import { started } from '../app/events';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import { selectIdentitySettled, selectIsUser, type WithSession } from '../session/selectors';
import * as api from './api';
import {
  localeChanged,
  localeChangeFailed,
  localeChangeRequested,
  visitorLocaleChosen,
  visitorLocaleRestored,
} from './events';
import type { WithProfile } from './selectors';

type S = WithSession & WithProfile;

/**
 * A user's language is the profile's `bolang` (protocol §4.1): once saved, the UI and `lang`
 * follow the choice the profile keeps (`locale.requested`) until who-am-I next answers (a reload,
 * another user), without asking it again (issue 12 item 16: one request, as the reference client).
 * A visitor has no profile: the choice is kept in this browser. A choice made while a stored
 * session is being restored waits for the identity, so the user's language is not lost to it.
 */
export const changeLocale: Epic<S> = (event$, state$, { http, storage, config }) =>
  event$.pipe(
    ofType(localeChangeRequested),
    switchMap((event) =>
      state$.pipe(
        filter(selectIdentitySettled),
        take(1),
        switchMap((state) => {
          const { locale } = event.payload;
          if (!selectIsUser(state)) {
            storage.setItem(config.visitorLocaleStorageKey, locale);
            return of(visitorLocaleChosen({ locale }, event));
          }
          return requestAnswer(
            http,
            api.changeLocale(locale),
            () => localeChanged({ locale }, event),
            (error) => localeChangeFailed({ locale, error }, event),
          );
        }),
      ),
    ),
  );

/** A visitor's earlier language choice, read once at start. */
export const restoreVisitorLocale: Epic<S> = (event$, _state$, { storage, config }) =>
  event$.pipe(
    ofType(started),
    mergeMap((event) => {
      const locale = storage.getItem(config.visitorLocaleStorageKey);
      return locale ? of(visitorLocaleRestored({ locale }, event)) : EMPTY;
    }),
  );
