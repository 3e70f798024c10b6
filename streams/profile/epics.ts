import { EMPTY, filter, mergeMap, of, switchMap, take } from 'rxjs';
import { started } from '../app/events';
import { catchUpOnStart, isStartOf } from '../core/catch-up';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import { selectIsUser, selectMe, type WithSession } from '../session/selectors';
import { selectIdentitySettled } from '../session/identity-selectors';
import * as api from './api';
import {
  identityAdopted,
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

/** Started after the identity was known (the profile loads with the portal's code): take it now. */
export const adoptIdentity = catchUpOnStart<S>('profile', (state, start) => {
  const me = selectMe(state);
  return me ? [identityAdopted({ me }, start)] : [];
});

/**
 * A visitor's earlier language choice, read once at start: at `app/started`, or when the profile's
 * code came after it (it loads with the portal's code).
 */
export const restoreVisitorLocale: Epic<S> = (event$, _state$, { storage, config }) =>
  event$.pipe(
    filter((event) => started.match(event) || isStartOf('profile', event)),
    mergeMap((event) => {
      const locale = storage.getItem(config.visitorLocaleStorageKey);
      return locale ? of(visitorLocaleRestored({ locale }, event)) : EMPTY;
    }),
  );
