import { catchError, from, map, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { batchesOf, readHeadersAnswer, schemaBatchHeaders } from './api';
import {
  batchRequested,
  reloadRequested,
  resolved,
  resolveFailed,
  resolveRefused,
  resolveRequested,
} from './events';
import type { SchemasState } from './reducer';

type S = { schemas: SchemasState };

/** Names the request marked resolving, in batches of 20 of one base (protocol §11.1). */
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
      const marked = Object.values(state$.value.schemas.byName)
        .filter((entry) => entry.requestedBy === request.meta.id)
        .map((entry) => entry.name);
      return from(
        batchesOf(marked, config.schemaBatchSize).map((batch) => batchRequested({ names: batch }, request)),
      );
    }),
  );

export const fetchSchemaBatch: Epic<S> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(batchRequested),
    mergeMap((request) =>
      http.request(schemaBatchHeaders(request.payload.names)).pipe(
        map(({ data }) => resolved({ schemas: readHeadersAnswer(request.payload.names, data) }, request)),
        catchError((error: unknown) =>
          of(resolveFailed({ names: request.payload.names, error: serializeError(error) }, request)),
        ),
      ),
    ),
  );
