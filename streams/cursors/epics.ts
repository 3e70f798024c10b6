import { concat, filter, first, map, mergeMap, of, takeUntil } from 'rxjs';
import type { Epic } from '../core/epic';
import { registrationRefusal } from '../core/named-lists';
import { ofType } from '../core/operators/of-type';
import { constraintFailed, constraintResolved, constraintsSet } from '../queries/events';
import { resolveRequested as schemaResolveRequested } from '../schemas/events';
import { selectSchema, type WithSchemas } from '../schemas/selectors';
import { whoAmILoaded } from '../session/events';
import type { WithSession } from '../session/selectors';
import { anotherUserKnown } from '../session/identity-selectors';
import {
  applied,
  applyToCleared,
  fetchRequested,
  fulltextChanged,
  identityChanged,
  optionsChanged,
  registered,
  registrationRefused,
  registrationRequested,
  removed,
  resolved,
  resolveFailed,
  resolveRequested,
  resolving,
} from './events';
import { hasUndefinedPath } from './model';
import { isTemporaryCursor, type WithCursors } from './selectors';

type S = WithCursors & WithSchemas & WithSession;

/**
 * protocol §8.4: a name and a path are needed; names are unique. The accepted registration brings
 * the max and static query from config when it left them out.
 */
export const registerCursor: Epic<S> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(registrationRequested),
    map((request) => {
      const { name, path, max, staticQuery } = request.payload;
      if (state$.value.cursors.byName[name]?.registration === request.meta.id) {
        return registered(
          {
            name,
            max: max ?? config.cursorDefaultMax,
            staticQuery: staticQuery === undefined ? { ...config.defaultStaticQuery } : staticQuery,
          },
          request,
        );
      }
      return registrationRefused({ name, message: registrationRefusal('Cursor', name, path) }, request);
    }),
  );

/**
 * A fetch of a cursor whose schema failed to resolve (or was never asked) asks the schema again:
 * one failed headers request does not leave the list refused until a reload (issue 12 item 7).
 */
function mustResolveAgain(state: S, name: string): boolean {
  const cursor = state.cursors.byName[name];
  if (!cursor || cursor.status === 'registering' || cursor.status === 'registered') return false;
  if (hasUndefinedPath(cursor.path)) return false;
  if (cursor.status === 'resolving' || cursor.options.inlineHeaders) return false;
  const schema = selectSchema(state, cursor.path);
  return schema?.status !== 'resolved' && schema?.status !== 'resolving';
}

/** An asked resolve: a registration in progress resolves anyway, a resolving one is answered soon. */
function mayResolve(state: S, name: string): boolean {
  const status = state.cursors.byName[name]?.status;
  return (
    status !== undefined && status !== 'registering' && status !== 'registered' && status !== 'resolving'
  );
}

/**
 * Registered -> resolving -> resolved once the schema of its path is known (protocol §8.4). A
 * fetch of a cursor whose schema is in error (or unknown) goes through the same steps again. A
 * cursor taking its headers inline is resolved at once: its first page brings them (§11.2).
 */
export const resolveCursor: Epic<S> = (event$, state$) =>
  event$.pipe(
    filter(
      (event) =>
        registered.match(event) ||
        (resolveRequested.match(event) && mayResolve(state$.value, event.payload.name)) ||
        (fetchRequested.match(event) && mustResolveAgain(state$.value, event.payload.name)),
    ),
    mergeMap((event) => {
      const { name } = event.payload as { name: string };
      const cursor = state$.value.cursors.byName[name];
      if (cursor === undefined) return of();
      const { path } = cursor;
      if (cursor.options.inlineHeaders && selectSchema(state$.value, path)?.status !== 'resolved') {
        return of(resolving({ name }, event), resolved({ name }, event));
      }
      // the failure that led to asking again is not the answer to this request
      const failedBefore = selectSchema(state$.value, path);
      const schemaSettled$ = state$.pipe(
        map((state) => selectSchema(state, path)),
        first(
          (schema) =>
            schema?.status === 'resolved' || (schema?.status === 'error' && schema !== failedBefore),
        ),
        map((schema) =>
          schema?.status === 'resolved'
            ? resolved({ name }, event)
            : resolveFailed(
                {
                  name,
                  error: {
                    code: 'error.cursors.resolve',
                    message: `Failed to resolve cursor: ${name}, ${schema?.error?.message ?? ''}`,
                  },
                },
                event,
              ),
        ),
      );
      return concat(
        of(resolving({ name }, event), schemaResolveRequested({ names: [path] }, event)),
        schemaSettled$,
      ).pipe(takeUntil(event$.pipe(filter((later) => removed.match(later) && later.payload.name === name))));
    }),
  );

/** A list already fetched loads again when what it asks changes. */
export const refetchOnChange: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(
      fulltextChanged,
      optionsChanged,
      applied,
      applyToCleared,
      constraintsSet,
      constraintResolved,
      constraintFailed,
    ),
    filter((event) => state$.value.cursors.byName[event.payload.name]?.fetched === true),
    map((event) => fetchRequested({ name: event.payload.name }, event)),
  );

/**
 * Who-am-I named another user (sign-in, sign-out, expiry): every fetched list was fetched for the
 * one before and is marked so; the screen showing it asks again. The same user answering again
 * (after a profile patch) changes nothing, and no list is asked for a screen nobody sees.
 */
export const refetchOnIdentity: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(whoAmILoaded),
    (whoAmI$) => anotherUserKnown(whoAmI$, state$),
    mergeMap((event) => {
      const names = Object.values(state$.value.cursors.byName)
        .filter((cursor) => cursor.fetched && !isTemporaryCursor(cursor.name))
        .map((cursor) => cursor.name);
      return names.length > 0 ? of(identityChanged({ names }, event)) : of();
    }),
  );
