import type { HttpRequest } from '../core/http';
import { selectQuery, selectQueryStatus, type WithQueries, wireQueryOf } from '../queries/selectors';
import { selectSchema, selectSchemaBodies, selectSchemaFields, type WithSchemas } from '../schemas/selectors';
import {
  type ListAnswer,
  listParams,
  listRequest,
  listSignature,
  type PageAsk,
  type SchemaContext,
} from './api';
import type { CursorState } from './model';
import type { WithCursors } from './selectors';

/** The slices a list request is made from. */
export type ListSlices = WithCursors & WithQueries & WithSchemas;

function schemaContext(state: ListSlices, path: string): SchemaContext {
  const entry = selectSchema(state, path);
  return {
    resolved: entry?.status === 'resolved',
    meta: entry?.schemas !== null && entry?.schemas !== undefined,
    fields: new Set(Object.keys(selectSchemaFields(state, path))),
  };
}

/** The query part: `query`, or one `query_{resource}` per resource of a meta-schema (protocol §8.3). */
function queriesOf(state: ListSlices, cursor: CursorState) {
  const query = selectQuery(state, cursor.name);
  const entry = selectSchema(state, cursor.path);
  if (!query) return { query: cursor.options.staticQuery ?? {} };
  if (!entry?.schemas) return { query: wireQueryOf(query) };
  const perResource: Record<string, ReturnType<typeof wireQueryOf>> = {};
  for (const body of selectSchemaBodies(state, cursor.path)) {
    perResource[body.resource] = wireQueryOf(query, {
      resource: body.resource,
      path: body.name,
      fields: new Set(Object.keys(body.fields)),
    });
  }
  return { perResource };
}

/** The page a cursor would ask now, from its own tokens. */
export function pageAsk(cursor: CursorState, kind: PageAsk['kind'], groupKey?: string): PageAsk {
  if (kind === 'next') return { kind, after: cursor.nextResultsToken ?? undefined };
  if (kind === 'nextGroups') return { kind, nextGroups: cursor.nextGroups ?? undefined };
  if (kind === 'group') {
    const group = cursor.groups.find((candidate) => candidate.key === groupKey);
    return { kind, groupKey, after: group?.nextToken ?? undefined };
  }
  return { kind };
}

/** The signature of a page of a cursor as the state is now. */
export function currentSignature(state: ListSlices, name: string, page: PageAsk): string | null {
  const cursor = state.cursors.byName[name];
  if (!cursor) return null;
  return listSignature(cursor, queriesOf(state, cursor), page);
}

export function cursorListRequest(
  state: ListSlices,
  name: string,
  page: PageAsk,
  signature: string,
): HttpRequest<ListAnswer> | null {
  const cursor = state.cursors.byName[name];
  if (!cursor) return null;
  const params = listParams(
    cursor,
    schemaContext(state, cursor.path),
    queriesOf(state, cursor),
    page,
    signature,
  );
  return listRequest(cursor.path, params);
}

/** Whether a fetch may go, must wait (cursor or query still resolving), or cannot be made. */
export function fetchReadiness(state: ListSlices, name: string): 'ready' | 'wait' | 'gone' | 'unresolved' {
  const cursor = state.cursors.byName[name];
  if (!cursor) return 'gone';
  if (cursor.status === 'registering' || cursor.status === 'registered' || cursor.status === 'resolving') {
    return 'wait';
  }
  if (selectSchema(state, cursor.path)?.status !== 'resolved' && !cursor.options.inlineHeaders) {
    return 'unresolved';
  }
  if (selectQueryStatus(state, name) === 'resolving') return 'wait';
  return 'ready';
}
