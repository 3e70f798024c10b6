import {
  concat,
  EMPTY,
  debounceTime,
  filter,
  first,
  map,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  pipe,
} from 'rxjs';
import type { Config } from '../core/config';
import type { Epic } from '../core/epic';
import type { UnstampedEvent } from '../core/event';
import { registrationRefusal, removedNamed } from '../core/named-lists';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { resolveRequested as schemaResolveRequested } from '../schemas/events';
import { selectSchema, selectTreeField, type WithSchemas } from '../schemas/selectors';
import * as treeEvents from './events';
import { treeSignature } from './api';
import type { TreeFetch, TreeOptions } from './model';
import { isRegistered } from './state';
import type { WithTrees } from './selectors';

export type S = WithTrees & WithSchemas;

/** The options a registration asks for, over the configured defaults (seed 002 §3 Tree). */
function optionsOf(
  request: ReturnType<typeof treeEvents.registrationRequested>,
  config: Config,
): TreeOptions {
  const { name, path, fulltext, ...asked } = request.payload;
  return {
    depth: config.treeDefaultDepth,
    max: config.treeDefaultMax,
    orderby: [],
    props: [],
    techprops: [],
    query: null,
    staticQuery: { ...config.defaultStaticQuery },
    withAggregates: false,
    enableKeywords: false,
    disableUseTreeApi: false,
    ...asked,
  };
}

export const registerTree: Epic<S> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(treeEvents.registrationRequested),
    map((request) => {
      const { name, path } = request.payload;
      if (state$.value.trees.byName[name]?.registration === request.meta.id)
        return treeEvents.registered({ name, options: optionsOf(request, config) }, request);
      return treeEvents.registrationRefused(
        { name, message: registrationRefusal('Tree', name, path) },
        request,
      );
    }),
  );

/**
 * A fetch of a tree that failed to resolve because its schema failed (a headers request in error)
 * asks the schema again: "Try again" recovers it without a reload (issue 12 item 7).
 */
function mustResolveAgain(state: S, name: string): boolean {
  const tree = state.trees.byName[name];
  if (tree?.status !== 'error' || tree.treefield) return false;
  const status = selectSchema(state, tree.path)?.status;
  return status !== 'resolved' && status !== 'resolving';
}

/**
 * Registered -> resolving -> resolved once the schema names a tree field (protocol §10.2, §10.3).
 * A tree set back to registered by a new fulltext resolves again and loads its roots.
 */
export const resolveTree: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(treeEvents.registered, treeEvents.fulltextChanged, treeEvents.fetchRequested),
    filter((event) =>
      treeEvents.fetchRequested.match(event)
        ? mustResolveAgain(state$.value, event.payload.name)
        : state$.value.trees.byName[event.payload.name]?.status === 'registered',
    ),
    mergeMap((event) => {
      const { name } = event.payload;
      const path = state$.value.trees.byName[name]?.path ?? '';
      // the failure that led to asking again is not the answer to this request
      const failedBefore = selectSchema(state$.value, path);
      const failed = (message: string) =>
        treeEvents.resolveFailed(
          {
            name,
            error: { code: 'error.trees.resolve', message: `Failed to resolve tree: ${name}, ${message}` },
          },
          event,
        );
      const settled$ = state$.pipe(
        map((state) => selectSchema(state, path)),
        first(
          (schema) =>
            schema?.status === 'resolved' || (schema?.status === 'error' && schema !== failedBefore),
        ),
        mergeMap((schema): UnstampedEvent[] => {
          if (schema?.status !== 'resolved') return [failed(schema?.error?.message ?? '')];
          const treefield = selectTreeField(state$.value, path);
          if (!treefield) return [failed(`${path} is not a tree`)];
          const done = treeEvents.resolved({ name, treefield }, event);
          return treeEvents.fulltextChanged.match(event)
            ? [done, treeEvents.fetchRequested({ name }, event)]
            : [done];
        }),
      );
      return concat(
        of(treeEvents.resolving({ name }, event), schemaResolveRequested({ names: [path] }, event)),
        settled$,
      ).pipe(takeUntil(removedNamed(event$, treeEvents.removed, name)));
    }),
  );

const fetchOf = (payload: { nodeId?: string | null; next?: boolean }): TreeFetch => ({
  nodeId: payload.nodeId ?? null,
  next: payload.next ?? false,
});

/**
 * A fetch is asked 80 ms after the last request of the same kind (protocol §24), once the tree is
 * resolved; while the tree is initial or fetching it is postponed (protocol §10.3).
 */
export const refuseUnknownTreeFetch: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(treeEvents.fetchRequested),
    filter((request) => !state$.value.trees.byName[request.payload.name]),
    mergeMap((request) => {
      const { name } = request.payload;
      if (!name) return of(treeEvents.fetchRefused({ name, message: 'No name given' }, request));
      return name.startsWith('~')
        ? EMPTY
        : of(treeEvents.fetchRefused({ name, message: `Unknown tree ${name}` }, request));
    }),
  );

export const scheduleTreeFetch: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(treeEvents.fetchRequested),
    filter((request) => state$.value.trees.byName[request.payload.name] !== undefined),
    perKey(
      (request) => JSON.stringify([request.payload.name, fetchOf(request.payload)]),
      pipe(
        debounceTime(config.treeFetchDebounceMs, scheduler),
        switchMap((request) => {
          const { name } = request.payload;
          const fetch = fetchOf(request.payload);
          return state$.pipe(
            map((state) => state.trees.byName[name]),
            first((tree) => !tree || !['registering', 'registered', 'resolving'].includes(tree.status)),
            mergeMap((tree): UnstampedEvent[] => {
              if (!isRegistered(tree) || (tree.status === 'error' && !tree.treefield)) return [];
              if (tree.status === 'initial' || tree.status === 'fetching') {
                return [treeEvents.fetchPostponed({ name, ...fetch }, request)];
              }
              return [
                treeEvents.fetchStarted({ name, ...fetch, signature: treeSignature(tree, fetch) }, request),
              ];
            }),
            takeUntil(removedNamed(event$, treeEvents.removed, name)),
          );
        }),
      ),
    ),
  );
