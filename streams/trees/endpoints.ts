import * as z from 'zod/mini';
import { defineEndpoint } from '../core/endpoint';
import { defineAnswer, defineIntent } from '../core/event';
import { removedNamed } from '../core/named-lists';
import { selectSchemaStatus, type WithSchemas } from '../schemas/selectors';
import { treeAnswerSchema, treeRequest, treeSignature } from './api';
import { readNodes, type TreeFetch, treeFetchSchema, treeNodeSchema } from './model';
import { isRegistered, type RegisteredTree, type TreesState } from './state';

type S = { trees: TreesState } & WithSchemas;

const name = z.string();

/** The end of a tree: its requests on their way are dropped. */
export const removed = defineIntent('trees/removed', { name });

/** The answer's `state` is not the current signature: back to resolved, the fetch queued again. */
export const pageInvalidated = defineAnswer('trees/pageInvalidated', {
  ...treeFetchSchema.shape,
  name,
  sent: z.string(),
  received: z.nullable(z.string()),
});

const fetchOf = ({ nodeId, next }: TreeFetch): TreeFetch => ({ nodeId, next });

/**
 * A tree's page (protocol §10.1, §10.3): it leaves once the scheduler (`scheduleTreeFetch`) has
 * started it, for a tree resolved to a tree field. An answer whose `state` echo is not the tree's
 * signature any more is stale: the fetch goes back in the queue (`pageInvalidated`).
 */
export const page = defineEndpoint({
  requested: {
    type: 'trees/fetchStarted',
    shape: { ...treeFetchSchema.shape, name, signature: z.string() },
    source: 'system',
  },
  flatten: 'merge',
  key: { ...treeFetchSchema.shape, name },
  keyOf: ({ name, nodeId, next }) => ({ name, nodeId, next }),
  when: ({ payload }, state: S) => {
    const tree = state.trees.byName[payload.name];
    return isRegistered(tree) && tree.treefield !== null;
  },
  request: ({ payload }, state) => {
    // `when` let through a registered tree only
    const tree = state.trees.byName[payload.name] as RegisteredTree;
    const schemaResolved = selectSchemaStatus(state, tree.path) === 'resolved';
    return treeRequest(tree, fetchOf(payload), payload.signature, schemaResolved);
  },
  answer: treeAnswerSchema,
  stale: (data, event, state) => {
    const { name, signature } = event.payload;
    const received = data.state === null || data.state === undefined ? null : String(data.state);
    const current = state.trees.byName[name];
    const fetch = fetchOf(event.payload);
    if (received === signature && isRegistered(current) && treeSignature(current, fetch) === signature) {
      return null;
    }
    return pageInvalidated({ name, ...fetch, sent: signature, received }, event);
  },
  succeeded: {
    type: 'trees/pageLoaded',
    shape: {
      signature: z.string(),
      roots: z.array(z.string()),
      nodes: z.array(treeNodeSchema),
      total: z.number(),
      hasMoreResults: z.boolean(),
      nextResultsToken: z.nullable(z.string()),
    },
  },
  result: (data, { payload }, _deps, state) => {
    const { roots, nodes } = readNodes(data.response.data, state.trees.byName[payload.name]?.treefield ?? '');
    const next = data.links?.next;
    return {
      signature: payload.signature,
      roots,
      nodes,
      total: data.response.total ?? roots.length,
      hasMoreResults: typeof next === 'string' && next !== '',
      nextResultsToken: data.links?.nextResultsToken ?? null,
    };
  },
  failed: 'trees/fetchFailed',
  until: ({ payload }, event$) => removedNamed(event$, removed, payload.name),
});
