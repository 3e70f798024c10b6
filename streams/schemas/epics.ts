import { filter, from, map, mergeMap, of, pairwise, take } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import { whoAmILoaded } from '../session/events';
import { selectEffectiveLocale, type WithSession } from '../session/selectors';
import { anotherUserKnown, selectIdentitySettled } from '../session/identity-selectors';
import {
  batchesOf,
  metaSchemasOf,
  readDomainAnswer,
  readHeadersAnswer,
  schemaBatchHeaders,
  schemaDomainHeaders,
  UPDATE_FIELDS_ERROR,
  updateFieldsHeaders,
} from './api';
import {
  batchRequested,
  domainFailed,
  domainLoaded,
  domainRequested,
  identityChanged,
  languageChanged,
  reloadRequested,
  resolved,
  resolveFailed,
  resolveRefused,
  resolveRequested,
  updateFieldsFailed,
  updateFieldsLoaded,
  updateFieldsRequested,
} from './events';
import type { WithSchemas } from './selectors';

type S = WithSchemas & WithSession & Parameters<typeof selectEffectiveLocale>[0];

/**
 * Names the request marked resolving, in batches of 20 of one base (protocol §11.1), once who the
 * portal is is known: a schema's rights (`objectdata/insert`) are the caller's, so the headers
 * are never asked as the visitor while the stored refresh token is still being exchanged
 * (issue 12 item 15). A domain started late (`catchUpOnStart`) goes through the same wait.
 */
export const batchSchemaRequests: Epic<S> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(resolveRequested, reloadRequested),
    mergeMap((request) => {
      const names = resolveRequested.match(request) ? request.payload.names : [request.payload.name];
      if (names.length === 0 || names.some((name) => !name)) {
        return of(resolveRefused({ name: '', message: 'Cannot resolve a schema without a name' }, request));
      }
      if (reloadRequested.match(request) && !state$.value.schemas.byName[request.payload.name]) {
        const { name } = request.payload;
        return of(resolveRefused({ name, message: `Cannot translate an unknown schema : ${name}` }, request));
      }
      return state$.pipe(
        filter((state) => selectIdentitySettled(state)),
        take(1),
        mergeMap((state) => {
          const marked = Object.values(state.schemas.byName)
            .filter((entry) => entry.requestedBy === request.meta.id)
            .map((entry) => entry.name);
          return from(
            batchesOf(marked, config.schemaBatchSize).map((batch) =>
              batchRequested({ names: batch }, request),
            ),
          );
        }),
      );
    }),
  );

/**
 * Rights are the caller's: when who-am-I names another user (a sign-in, a sign-out, an expiry),
 * every schema resolved so far is set back to registered, and asked again when a screen next
 * needs it (a list fetch resolves it again); the same user answering again (after a profile
 * patch) changes nothing.
 */
export const rereadOnIdentity: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(whoAmILoaded),
    (whoAmI$) => anotherUserKnown(whoAmI$, state$),
    mergeMap((event) => {
      const names = Object.values(state$.value.schemas.byName)
        .filter((entry) => !entry.schemas && entry.status === 'resolved')
        .map((entry) => entry.name);
      return names.length > 0 ? of(identityChanged({ names }, event)) : of();
    }),
  );

/**
 * The server names fields and groups in the request's language (`lang`, protocol §1.4): when the
 * user picks another language, every schema resolved so far is set back to registered, and the
 * screen that shows one next asks it again in that language (the language is picked on the
 * account page, so no screen shown needs them at once, and the profile patch stays the only
 * request). A who-am-I naming another user is left to `rereadOnIdentity`.
 */
export const translateOnLocaleChange: Epic<S> = (event$, state$) =>
  event$.pipe(
    map((event) => ({ event, locale: selectEffectiveLocale(state$.value) })),
    pairwise(),
    filter(([before, after]) => before.locale !== after.locale && !whoAmILoaded.match(after.event)),
    mergeMap(([, { event }]) => {
      const names = Object.values(state$.value.schemas.byName)
        .filter((entry) => !entry.schemas && entry.status === 'resolved')
        .map((entry) => entry.name);
      return names.length > 0 ? of(languageChanged({ names }, event)) : of();
    }),
  );

/** One headers call per batch; an answer without exactly one section fails the batch (protocol §11.2). */
export const fetchSchemaBatch: Epic<S> = requestEpic({
  on: batchRequested,
  flatten: 'merge',
  call: (request) => schemaBatchHeaders(request.payload.names),
  succeeded: (data, request) => {
    const schemas = readHeadersAnswer(request.payload.names, data);
    const metas = metaSchemasOf(request.payload.names, schemas);
    return resolved({ schemas, ...(metas.length > 0 && { metas }) }, request);
  },
  failed: (error, request) => resolveFailed({ names: request.payload.names, error }, request),
});

/**
 * Every schema of a domain in one call (protocol §11.1 "Domain"); an entry without a resource
 * cannot be named and is refused, the others are resolved.
 */
export const fetchSchemaDomain: Epic<S> = requestEpic({
  on: domainRequested,
  flatten: 'merge',
  refuse: (request) =>
    request.payload.domain
      ? null
      : resolveRefused({ name: '', message: 'Cannot register a schema domain without a name' }, request),
  call: (request) => schemaDomainHeaders(request.payload.domain),
  succeeded: (data, request) => {
    const { domain } = request.payload;
    const { schemas, unnamed } = readDomainAnswer(domain, data);
    const refused = Array.from({ length: unnamed }, () =>
      resolveRefused({ name: domain, message: 'Cannot register a schema without a name' }, request),
    );
    return [...refused, domainLoaded({ domain, schemas }, request)];
  },
  failed: (error, request) => domainFailed({ domain: request.payload.domain, error }, request),
});

/** The update form's fields; any failure reads 'error fetching update fields' (seed 002 §8). */
export const fetchUpdateFields: Epic<S> = requestEpic({
  on: updateFieldsRequested,
  flatten: 'merge',
  call: (request) => updateFieldsHeaders(request.payload.name),
  succeeded: (data, request) =>
    updateFieldsLoaded({ name: request.payload.name, fields: data.inputs.properties }, request),
  failed: (error, request) =>
    updateFieldsFailed(
      {
        name: request.payload.name,
        error: { ...error, message: `${UPDATE_FIELDS_ERROR}: ${error.message}` },
      },
      request,
    ),
});
