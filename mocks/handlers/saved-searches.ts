import { HttpResponse, http } from 'msw';
import type { SavedSearch, SavedSearchData } from '../db/saved-searches';
import type { User } from '../db/users';
import { hostileName } from '../hostile';
import { runtime } from '../runtime';
import { userOf } from './caller';
import { guarded, HttpFailure, jsonBody, type ResolverInfo } from './cart-access';
import { findUser } from './carts';
import { parseJson } from './form';

const BASE = '*/api/packaged/cw/savedsearch';

/** The refusals of seed 002 §5 and protocol §17.2, word for word. */
export const NOT_CONNECTED = 'Not connected';
export const NOT_BOOKMARKABLE =
  "Cursor cannot be bookmarked as it doesn't define neither fulltext tokens nore constraints nore user custom params";

function requireUser(request: Request): User {
  const user = userOf(request);
  if (!user) throw new HttpFailure(401, NOT_CONNECTED);
  return user;
}

const isSubscriber = (search: SavedSearch, user: User) => search.subscribers.some(({ id }) => id === user.id);
const isOwner = (search: SavedSearch, user: User) => search.owner.id === user.id;

/** A search its owner sees, and its subscribers too unless it is switched private. */
function canSee(search: SavedSearch, user: User): boolean {
  return isOwner(search, user) || (!search.isPrivate && isSubscriber(search, user));
}

function person(id: number) {
  const user = runtime.db.users.find((candidate) => candidate.id === id);
  return { id, name: user ? `${user.firstname} ${user.lastname}` : '' };
}

/** A search as protocol §17.1 returns it, with `isMine` and `isPrivatelyShared` (§17.2) for this user. */
function wireSearch(search: SavedSearch, user: User) {
  return {
    id: search.id,
    name: hostileName(search.name),
    description: search.description,
    owner: person(search.owner.id),
    subscribers: search.subscribers.map(({ id }) => person(id)),
    isPrivate: search.isPrivate,
    created: search.created,
    data: search.data,
    isMine: String(search.owner.id) === String(user.id),
    isPrivatelyShared: search.subscribers.some(({ id }) => id !== search.owner.id),
  };
}

/** The search of the path, seen by the user: 404 when it is not there for them. */
function visibleSearch(info: ResolverInfo, user: User): SavedSearch {
  const id = String(info.params.id);
  const search = runtime.db.savedSearches.find((candidate) => String(candidate.id) === id);
  if (!search || !canSee(search, user)) throw new HttpFailure(404, `Unknown saved search ${id}`);
  return search;
}

/** Owners share, revoke, switch private, rename and delete (protocol §17.2). */
function ownedSearch(info: ResolverInfo, user: User, action: string): SavedSearch {
  const search = visibleSearch(info, user);
  if (!isOwner(search, user)) throw new HttpFailure(403, `Only the owner of a saved search can ${action} it`);
  return search;
}

const nonEmpty = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : typeof value === 'object' && value !== null && Object.keys(value).length > 0;

/** `data` must name a path and hold fulltext tokens, user constraints or custom params. */
function searchData(value: unknown): SavedSearchData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpFailure(400, 'data must be an object describing the search');
  }
  const data = value as SavedSearchData;
  if (typeof data.path !== 'string' || data.path === '')
    throw new HttpFailure(400, 'data.path must name the searched path');
  if (!nonEmpty(data.fulltextTokens) && !nonEmpty(data.userConstraints) && !nonEmpty(data.customParams)) {
    throw new HttpFailure(400, NOT_BOOKMARKABLE);
  }
  return data;
}

function searchName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new HttpFailure(400, 'A saved search needs a name');
  return value.trim();
}

async function arrayBody(request: Request): Promise<unknown[]> {
  const parsed = parseJson(await request.text());
  if (!parsed.ok || !Array.isArray(parsed.value))
    throw new HttpFailure(400, 'The body must be a JSON array of user ids');
  return parsed.value;
}

function userIds(entries: unknown[], field: string): number[] {
  return entries.map((entry) => {
    const user = findUser(entry);
    if (!user) throw new HttpFailure(400, `Unknown user ${String(entry)} in ${field}`);
    return user.id;
  });
}

function addSubscribers(search: SavedSearch, ids: number[]): void {
  const known = new Set(search.subscribers.map(({ id }) => id));
  for (const id of ids) if (!known.has(id)) search.subscribers.push({ id });
}

const route = (resolve: (info: ResolverInfo, user: User) => Promise<Response> | Response) =>
  guarded((info) => resolve(info, requireUser(info.request)));

function list(info: ResolverInfo, user: User): Response {
  const type = new URL(info.request.url).searchParams.get('type');
  const searches = runtime.db.savedSearches.filter((search) => {
    if (!canSee(search, user)) return false;
    if (type === 'mine') return isOwner(search, user);
    if (type === 'shared') return !isOwner(search, user);
    return true;
  });
  return HttpResponse.json(searches.map((search) => wireSearch(search, user)));
}

async function add(info: ResolverInfo, user: User): Promise<Response> {
  const body = await jsonBody(info.request);
  const name = searchName(body.name);
  const data = searchData(body.data);
  const description = typeof body.description === 'string' ? body.description : '';
  const search: SavedSearch = {
    id: runtime.db.savedSearches.reduce((max, candidate) => Math.max(max, candidate.id), 0) + 1,
    name,
    description,
    owner: { id: user.id },
    subscribers: [{ id: user.id }],
    isPrivate: true,
    created: Date.now(),
    data,
  };
  runtime.db.savedSearches.push(search);
  return HttpResponse.json(wireSearch(search, user));
}

async function update(info: ResolverInfo, user: User): Promise<Response> {
  const search = ownedSearch(info, user, 'change');
  const body = await jsonBody(info.request);
  if ('name' in body) search.name = searchName(body.name);
  if ('description' in body)
    search.description = typeof body.description === 'string' ? body.description : '';
  if ('data' in body) search.data = searchData(body.data);
  return HttpResponse.json(wireSearch(search, user));
}

/** PUT share: the subscribers become the owner plus the given users; the search is no longer private. */
async function share(info: ResolverInfo, user: User): Promise<Response> {
  const search = ownedSearch(info, user, 'share');
  const ids = userIds(await arrayBody(info.request), 'share');
  search.subscribers = [{ id: user.id }];
  addSubscribers(search, ids);
  search.isPrivate = false;
  return HttpResponse.json(wireSearch(search, user));
}

async function addCollaborators(info: ResolverInfo, user: User): Promise<Response> {
  const search = ownedSearch(info, user, 'share');
  const body = await jsonBody(info.request);
  if (!Array.isArray(body.collaborators)) throw new HttpFailure(400, 'collaborators must be a list of users');
  addSubscribers(search, userIds(body.collaborators, 'collaborators'));
  search.isPrivate = false;
  return HttpResponse.json(wireSearch(search, user));
}

/** Revoke takes the ids as strings (protocol §17.1, §23 item 13): numbers are refused. */
async function revoke(info: ResolverInfo, user: User): Promise<Response> {
  const search = ownedSearch(info, user, 'revoke the shares of');
  const entries = await arrayBody(info.request);
  if (!entries.every((entry) => typeof entry === 'string')) {
    throw new HttpFailure(400, 'revoke-share takes the user ids as strings, e.g. ["8"]');
  }
  const revoked = new Set(entries);
  search.subscribers = search.subscribers.filter(
    ({ id }) => id === search.owner.id || !revoked.has(String(id)),
  );
  return HttpResponse.json(wireSearch(search, user));
}

async function switchPrivate(info: ResolverInfo, user: User): Promise<Response> {
  const search = ownedSearch(info, user, 'switch private');
  const body = await jsonBody(info.request);
  if (typeof body.isPrivate !== 'boolean') throw new HttpFailure(400, 'isPrivate must be true or false');
  search.isPrivate = body.isPrivate;
  return HttpResponse.json(wireSearch(search, user));
}

function unsubscribe(info: ResolverInfo, user: User): Response {
  const search = visibleSearch(info, user);
  if (isOwner(search, user)) {
    throw new HttpFailure(400, 'The owner cannot unsubscribe from a saved search: delete it instead');
  }
  search.subscribers = search.subscribers.filter(({ id }) => id !== user.id);
  return HttpResponse.json({});
}

function remove(info: ResolverInfo, user: User): Response {
  const search = ownedSearch(info, user, 'delete');
  runtime.db.savedSearches = runtime.db.savedSearches.filter((candidate) => candidate !== search);
  return HttpResponse.json({});
}

/** Saved searches and bookmarks (protocol §17), per signed-in user. */
export const savedSearchHandlers = [
  http.get(`${BASE}/list`, route(list)),
  http.get(`${BASE}/list/`, route(list)),
  http.post(`${BASE}/add`, route(add)),
  http.post(`${BASE}/add/`, route(add)),
  http.post(`${BASE}/update/:id`, route(update)),
  http.put(`${BASE}/share/:id`, route(share)),
  http.post(`${BASE}/addcollaborators/:id`, route(addCollaborators)),
  http.post(`${BASE}/revoke-share/:id`, route(revoke)),
  http.post(`${BASE}/switchprivate/:id`, route(switchPrivate)),
  http.delete(`${BASE}/unsubscribe/:id`, route(unsubscribe)),
  http.delete(`${BASE}/delete/:id`, route(remove)),
];
