import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

const BASE = '/packaged/cw/savedsearch';
const idSchema = z.pipe(z.union([z.number(), z.string()]), z.transform(String));

/** What a saved search replays (seed 001 §3, protocol §17.1): the list's settings when it was saved. */
export const savedSearchDataSchema = z.looseObject({
  name: z.optional(z.string()),
  date: z.optional(z.number()),
  path: z.string(),
  cursorName: z.optional(z.string()),
  context: z.optional(z.string()),
  excludedPaths: z.optional(z.array(z.string())),
  fulltextTokens: z.optional(z.array(z.string())),
  userConstraints: z.optional(z.record(z.string(), z.unknown())),
  staticConstraints: z.optional(z.record(z.string(), z.unknown())),
  customParams: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  query: z.optional(z.record(z.string(), z.unknown())),
  fulltextMode: z.nullish(z.enum(['should', 'must'])),
});
export type SavedSearchData = z.infer<typeof savedSearchDataSchema>;

/**
 * A search as the list returns it. Owner and subscribers are kept as ids only: their names are
 * personal data the portal does not need here.
 */
const wireSavedSearchSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.nullish(z.string()),
  owner: z.object({ id: idSchema }),
  subscribers: z.nullish(z.array(z.object({ id: idSchema }))),
  isPrivate: z.nullish(z.boolean()),
  created: z.nullish(z.number()),
  data: savedSearchDataSchema,
});
export type WireSavedSearch = z.infer<typeof wireSavedSearchSchema>;

/** A search as the state keeps it: ids as text (protocol §17.2 compares them as strings). */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  ownerId: z.string(),
  subscriberIds: z.array(z.string()),
  isPrivate: z.nullable(z.boolean()),
  created: z.nullable(z.number()),
  data: savedSearchDataSchema,
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export function toSavedSearch(wire: WireSavedSearch): SavedSearch {
  return {
    id: wire.id,
    name: wire.name,
    description: wire.description ?? '',
    ownerId: wire.owner.id,
    subscriberIds: (wire.subscribers ?? []).map(({ id }) => id),
    isPrivate: wire.isPrivate ?? null,
    created: wire.created ?? null,
    data: wire.data,
  };
}

export function listSearches(): HttpRequest<WireSavedSearch[]> {
  return { method: 'GET', path: `${BASE}/list/`, schema: z.array(wireSavedSearchSchema) };
}

export function addSearch(name: string, data: SavedSearchData): HttpRequest<WireSavedSearch> {
  return {
    method: 'POST',
    path: `${BASE}/add/`,
    body: { json: { name, description: '', data } },
    schema: wireSavedSearchSchema,
  };
}

/** Rename or update: the changed fields only; the answer is not read (protocol §17.1). */
export function updateSearch(
  id: string,
  changes: { name?: string; data?: SavedSearchData },
): HttpRequest<undefined> {
  return { method: 'POST', path: `${BASE}/update/${id}`, body: { json: changes } };
}

/** A bare JSON array of subscriber ids. */
export function shareSearch(id: string, userIds: readonly string[]): HttpRequest<undefined> {
  return { method: 'PUT', path: `${BASE}/share/${id}`, body: { json: userIds } };
}

export function addCollaborators(
  id: string,
  collaborators: readonly string[],
  url: string,
): HttpRequest<undefined> {
  return { method: 'POST', path: `${BASE}/addcollaborators/${id}`, body: { json: { collaborators, url } } };
}

/** The ids go as strings (protocol §23 item 13). */
export function revokeShare(id: string, userIds: readonly string[]): HttpRequest<undefined> {
  return { method: 'POST', path: `${BASE}/revoke-share/${id}`, body: { json: userIds.map(String) } };
}

export function switchPrivate(id: string, isPrivate: boolean): HttpRequest<undefined> {
  return { method: 'POST', path: `${BASE}/switchprivate/${id}`, body: { json: { isPrivate } } };
}

export function unsubscribe(id: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: `${BASE}/unsubscribe/${id}` };
}

export function deleteSearch(id: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: `${BASE}/delete/${id}` };
}
