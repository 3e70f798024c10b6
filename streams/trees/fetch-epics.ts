import { EMPTY, expand, filter, map, mergeMap, type Observable, of, switchMap, takeUntil, timer } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { removedNamed } from '../core/named-lists';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import { selectSchemaStatus } from '../schemas/selectors';
import { treeRequest, treeSignature } from './api';
import type { S } from './epics';
import {
  ancestorLoaded,
  fetchFailed,
  fetchRequested,
  fetchStarted,
  fulltextChanged,
  nodeRevealRequested,
  pageInvalidated,
  pageLoaded,
  removed,
} from './events';
import { readNodes, type TreeFetch, type TreeNode } from './model';
import { isRegistered, type TreeState } from './state';

const endOf = (event$: Observable<AnyEvent>, name: string) =>
  event$.pipe(
    filter((event) => (removed.match(event) || fulltextChanged.match(event)) && event.payload.name === name),
  );

/** After a load (or a stale answer), the newest postponed fetch goes (protocol §10.3). */
export const replayPostponedTreeFetch: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(pageLoaded, pageInvalidated, fetchFailed),
    mergeMap((event) => {
      const tree = state$.value.trees.byName[event.payload.name];
      const [newest] = tree?.queue ?? [];
      if (!isRegistered(tree) || !newest) return EMPTY;
      return of(fetchStarted({ name: tree.name, ...newest, signature: treeSignature(tree, newest) }, event));
    }),
  );

/** Next pages load 500 ms after a page that has more, except with a fulltext (protocol §10.3). */
export const autoloadTreePages: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(pageLoaded),
    filter(
      (event) =>
        event.payload.hasMoreResults && state$.value.trees.byName[event.payload.name]?.fulltext === '',
    ),
    mergeMap((event) =>
      timer(config.treeAutoloadDelayMs, scheduler).pipe(
        map(() =>
          fetchRequested({ name: event.payload.name, nodeId: event.payload.nodeId, next: true }, event),
        ),
        takeUntil(endOf(event$, event.payload.name)),
      ),
    ),
  );

/** What the state lacks to show a node under its ancestors: the node itself, or its parent. */
function missing(tree: TreeState | undefined, nodeId: string): string | null {
  const node: TreeNode | undefined = tree?.nodes[nodeId];
  if (!node) return nodeId;
  if (node.parent !== null && !tree?.nodes[node.parent]) return node.parent;
  return null;
}

interface WalkStep {
  event: UnstampedEvent;
  parent: string | null;
}

/** Loads a node, then its parent, and so on, 10 levels at most (seed 002 §9). */
export const revealTreeNode: Epic<S> = (event$, state$, { http, config }) =>
  event$.pipe(
    ofType(nodeRevealRequested),
    switchMap((request) => {
      const { name } = request.payload;
      const tree = state$.value.trees.byName[name];
      const first = tree ? missing(tree, request.payload.nodeId) : null;
      if (!isRegistered(tree) || !tree.treefield || first === null) return EMPTY;
      const treefield = tree.treefield;
      const step = (nodeId: string): Observable<WalkStep> => {
        const latest = state$.value.trees.byName[name];
        const current = isRegistered(latest) ? latest : tree;
        const fetch: TreeFetch = { nodeId, next: false };
        const signature = treeSignature(current, fetch);
        const schemaResolved = selectSchemaStatus(state$.value, current.path) === 'resolved';
        return requestAnswer(
          http,
          treeRequest({ ...current, fulltext: '' }, fetch, signature, schemaResolved),
          ({ response }) =>
            ancestorLoaded({ name, nodes: readNodes(response.data, treefield).nodes }, request),
          (error) => fetchFailed({ name, ...fetch, error }, request),
        ).pipe(
          map((event) => ({
            event,
            parent: ancestorLoaded.match(event)
              ? (event.payload.nodes.find((node) => node.id === nodeId)?.parent ?? null)
              : null,
          })),
        );
      };
      let levels = 1;
      return step(first).pipe(
        expand(({ parent }) => {
          if (parent === null || levels >= config.treeParentWalkMaxLevels) return EMPTY;
          if (state$.value.trees.byName[name]?.nodes[parent]) return EMPTY;
          levels += 1;
          return step(parent);
        }),
        map(({ event }) => event),
        takeUntil(removedNamed(event$, removed, name)),
      );
    }),
  );
