import { HttpResponse, http } from 'msw';
import { CART_LIST_TYPES, type CartListType as ListType } from '../../streams/carts/api';
import { findAsset } from '../db/assets';
import type { Cart } from '../db/carts';
import type { User } from '../db/users';
import { runtime } from '../runtime';
import { userOf } from './caller';
import {
  cartForUser,
  cartOrShare,
  guarded,
  HttpFailure,
  isExpired,
  itemPairs,
  type JsonObject,
  jsonBody,
  optionalText,
  parseExpires,
  parseItemMap,
  requireUser,
} from './cart-access';
import { ownCartRef, wireCart } from './cart-wire';

const CART = '*/api/wedia/cart';

/** The kinds of `listCarts?type=`, by their name folded (case, dashes and spaces ignored). */
const LIST_TYPES: Record<string, ListType> = Object.fromEntries(
  CART_LIST_TYPES.map((type) => [type.toLowerCase(), type]),
);

function listTypes(values: string[]): Set<ListType> {
  if (values.length === 0) return new Set(CART_LIST_TYPES);
  return new Set(
    values.map((value) => {
      const type = LIST_TYPES[value.toLowerCase().replace(/[-_ ]/g, '')];
      if (!type)
        throw new HttpFailure(400, `Unknown cart list type ${value}: mine, sharedPrivate or sharedPublic`);
      return type;
    }),
  );
}

/** The kind of a cart for a user, or undefined when they do not see it in their lists. */
function listTypeOf(cart: Cart, user: User): ListType | undefined {
  if (cart.owner === user.id) return 'mine';
  if (isExpired(cart.expires)) return undefined;
  if (cart.private) return cart.collaborators.includes(user.id) ? 'sharedPrivate' : undefined;
  return cart.unsubscribed.includes(user.id) ? undefined : 'sharedPublic';
}

/** Protocol §6.3: 0 means the default, a negative value means unlimited. */
function sharedLimit(setting: number, fallback: number): number {
  if (setting < 0) return Number.POSITIVE_INFINITY;
  return setting === 0 ? fallback : setting;
}

/** The protocol's two name messages (seed 000 §5). */
function validName(value: unknown): string {
  if (value === undefined || value === null || (typeof value !== 'string' && typeof value !== 'number')) {
    throw new HttpFailure(400, 'A cart requires a name');
  }
  const name = String(value).trim();
  if (name === '') throw new HttpFailure(400, 'A cart requires a non empty name');
  return name;
}

function validPrivate(value: unknown, user: User, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new HttpFailure(400, 'private must be true or false');
  if (!value && !user.permissions.makePublicBoard) {
    throw new HttpFailure(403, 'You may not make a public board');
  }
  return value;
}

/** A user by id, login or e-mail address (or an object carrying the id). */
export function findUser(entry: unknown): User | undefined {
  const key = typeof entry === 'object' && entry !== null ? (entry as JsonObject).id : entry;
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const text = String(key).toLowerCase();
  return runtime.db.users.find(
    (candidate) => String(candidate.id) === text || candidate.login === text || candidate.email === text,
  );
}

export function listOf(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HttpFailure(400, `${field} must be a list`);
  return value;
}

/** Collaborators by user id, login or e-mail address; unknown ones are refused. */
function resolveUsers(value: unknown): User[] {
  return listOf(value, 'collaborators').map((entry) => {
    const user = findUser(entry);
    if (!user) throw new HttpFailure(400, `Unknown collaborator ${String(entry)}`);
    return user;
  });
}

function fulltextMatcher(text: string, mode: string | null): (asset: { [key: string]: unknown }) => boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const patterns = fold(text)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => new RegExp(word.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')));
  return (asset) => {
    const haystack = fold(
      ['name', 'title', 'description', 'filename', 'author'].map((key) => String(asset[key] ?? '')).join(' '),
    );
    const matches = (pattern: RegExp) => pattern.test(haystack);
    return mode === 'should' ? patterns.some(matches) : patterns.every(matches);
  };
}

const touch = (cart: Cart) => {
  cart.modified = Date.now();
};

const oneCart = (request: Request, cart: Cart, user: User) =>
  HttpResponse.json(
    wireCart(ownCartRef(cart, user), {
      asList: new URL(request.url).searchParams.get('output') === 'list',
      detailed: true,
    }),
  );

const createCart = guarded(async ({ request }) => {
  const user = requireUser(request);
  const body = await jsonBody(request);
  const collaborators = resolveUsers(body.collaborators).filter(
    (collaborator) => collaborator.id !== user.id,
  );
  const now = Date.now();
  const cart: Cart = {
    id: Math.max(0, ...runtime.db.carts.map((existing) => existing.id)) + 1,
    name: validName(body.name),
    description: optionalText(body, 'description', ''),
    private: validPrivate(body.private, user, true),
    type: optionalText(body, 'type', ''),
    expires: parseExpires(body.expires),
    owner: user.id,
    collaborators: [...new Set(collaborators.map((collaborator) => collaborator.id))],
    unsubscribed: [],
    items: {},
    created: now,
    modified: now,
  };
  runtime.db.carts.push(cart);
  // protocol §6.1: an array whose first element is the new cart
  return HttpResponse.json([wireCart(ownCartRef(cart, user), { asList: true, detailed: true })]);
});

/** Carts (protocol §6.1, §6.3, §6.4): every call but shares, zips and previews. */
export const cartHandlers = [
  http.get(`${CART}/userProfile`, ({ request }) => {
    // visitors and applications get the default profile: they cannot make public boards
    const user = userOf(request);
    return HttpResponse.json({
      permissions: { makePublicBoard: user?.permissions.makePublicBoard ?? false },
    });
  }),

  http.get(
    `${CART}/listCarts`,
    guarded(({ request }) => {
      const user = requireUser(request);
      const query = new URL(request.url).searchParams;
      const types = listTypes(query.getAll('type'));
      const { settings } = runtime;
      const limits: Record<ListType, number> = {
        mine: Number.POSITIVE_INFINITY,
        sharedPrivate: sharedLimit(settings['carts.maxSharedCarts'], 5000),
        sharedPublic: sharedLimit(settings['carts.maxPublicCarts'], 10_000),
      };
      const counts: Record<ListType, number> = { mine: 0, sharedPrivate: 0, sharedPublic: 0 };
      const listed = runtime.db.carts.filter((cart) => {
        const type = listTypeOf(cart, user);
        if (!type || !types.has(type) || counts[type] >= limits[type]) return false;
        counts[type] += 1;
        return true;
      });
      const asList = query.get('output') === 'list';
      return HttpResponse.json(
        listed.map((cart) => wireCart(ownCartRef(cart, user), { asList, detailed: false })),
      );
    }),
  ),

  http.get(
    `${CART}/listCartItems/:id`,
    guarded(({ request, params }) => {
      const ref = cartOrShare(request, String(params.id));
      const asList = new URL(request.url).searchParams.get('output') === 'list';
      return HttpResponse.json(wireCart(ref, { asList, detailed: false }));
    }),
  ),

  // mine by id (items as an array with output=list), or a share by uuid (items as a map)
  http.get(
    `${CART}/viewCart/:id`,
    guarded(({ request, params }) => {
      const ref = cartOrShare(request, String(params.id));
      const query = new URL(request.url).searchParams;
      const fulltext = query.get('fulltext')?.trim();
      const pairs = itemPairs(ref.cart);
      const matches = fulltext ? fulltextMatcher(fulltext, query.get('fulltextMode')) : undefined;
      const shown = matches
        ? pairs.filter(({ id }) => {
            const asset = findAsset(runtime.db.assets, id);
            return asset !== undefined && matches(asset as unknown as JsonObject);
          })
        : pairs;
      return HttpResponse.json(
        wireCart(ref, { asList: query.get('output') === 'list', detailed: true, pairs: shown }),
      );
    }),
  ),

  http.post(`${CART}/createCart/`, createCart),
  http.post(`${CART}/createCart`, createCart),

  http.post(
    `${CART}/editCart/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'own');
      const body = await jsonBody(request);
      cart.name = validName(body.name);
      cart.description = optionalText(body, 'description', cart.description);
      cart.private = validPrivate(body.private, user, cart.private);
      if ('expires' in body) cart.expires = parseExpires(body.expires);
      if ('type' in body) cart.type = optionalText(body, 'type', cart.type);
      touch(cart);
      return oneCart(request, cart, user);
    }),
  ),

  http.delete(
    `${CART}/deleteCart/:id`,
    guarded(({ request, params }) => {
      const { cart } = cartForUser(request, String(params.id), 'own');
      runtime.db.carts = runtime.db.carts.filter((candidate) => candidate !== cart);
      runtime.db.shares = runtime.db.shares.filter((share) => share.cartId !== cart.id);
      return HttpResponse.json({});
    }),
  ),

  http.post(
    `${CART}/addCartItems/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'changeItems');
      const added = parseItemMap((await jsonBody(request)).items, 'items');
      for (const [type, ids] of Object.entries(added)) {
        const present = new Set(cart.items[type] ?? []);
        cart.items[type] = [...(cart.items[type] ?? []), ...new Set(ids.filter((id) => !present.has(id)))];
      }
      touch(cart);
      return oneCart(request, cart, user);
    }),
  ),

  // a DELETE with a JSON body
  http.delete(
    `${CART}/removeCartItems/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'changeItems');
      const removed = parseItemMap((await jsonBody(request)).items, 'items', false);
      for (const [type, ids] of Object.entries(removed)) {
        const gone = new Set(ids);
        const kept = (cart.items[type] ?? []).filter((id) => !gone.has(id));
        if (kept.length > 0) cart.items[type] = kept;
        else delete cart.items[type];
      }
      touch(cart);
      return oneCart(request, cart, user);
    }),
  ),

  http.post(
    `${CART}/addCartCollaborators/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'own');
      const body = await jsonBody(request);
      const link = optionalText(body, 'url', '');
      const invited = resolveUsers(body.collaborators).filter(
        (collaborator) => collaborator.id !== cart.owner && !cart.collaborators.includes(collaborator.id),
      );
      for (const collaborator of invited) {
        cart.collaborators.push(collaborator.id);
        cart.unsubscribed = cart.unsubscribed.filter((id) => id !== collaborator.id);
      }
      if (invited.length > 0) {
        runtime.outbox.push({
          at: Date.now(),
          kind: 'collaboratorInvitation',
          to: invited.map((collaborator) => collaborator.email),
          subject: `${user.firstname} ${user.lastname} invites you to the cart "${cart.name}"`,
          link,
        });
      }
      touch(cart);
      return oneCart(request, cart, user);
    }),
  ),

  http.delete(
    `${CART}/removeCartCollaborators/:id`,
    guarded(async ({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'own');
      const removed = new Set(resolveUsers((await jsonBody(request)).collaborators).map((gone) => gone.id));
      cart.collaborators = cart.collaborators.filter((id) => !removed.has(id));
      touch(cart);
      return oneCart(request, cart, user);
    }),
  ),

  // the spelling "unsuscribe" is part of the path (seed 000 §7)
  http.post(
    `${CART}/unsuscribe/:id`,
    guarded(({ request, params }) => {
      const { cart, user } = cartForUser(request, String(params.id), 'view');
      if (cart.owner === user.id) {
        throw new HttpFailure(400, 'The owner cannot unsubscribe from a cart: delete it instead');
      }
      cart.collaborators = cart.collaborators.filter((id) => id !== user.id);
      if (!cart.private && !cart.unsubscribed.includes(user.id)) cart.unsubscribed.push(user.id);
      return HttpResponse.json({});
    }),
  ),
];
