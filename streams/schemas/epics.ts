import { from, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import { batchesOf, readHeadersAnswer, schemaBatchHeaders } from './api';
import {
  batchRequested,
  reloadRequested,
  resolved,
  resolveFailed,
  resolveRefused,
  resolveRequested,
} from './events';
import type { WithSchemas } from './selectors';

type S = WithSchemas;

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

/** One headers call per batch; an answer without exactly one section fails the batch (protocol §11.2). */
export const fetchSchemaBatch: Epic<S> = requestEpic({
  on: batchRequested,
  flatten: 'merge',
  call: (request) => schemaBatchHeaders(request.payload.names),
  succeeded: (data, request) =>
    resolved({ schemas: readHeadersAnswer(request.payload.names, data) }, request),
  failed: (error, request) => resolveFailed({ names: request.payload.names, error }, request),
});
