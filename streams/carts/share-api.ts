import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';
import { type WireCart, wireCartSchema } from './api';
import type { CodeLabel, CreatedShare, ItemMap, ShareMode } from './model';

const CART = '/wedia/cart';

const codeListSchema = z.array(z.looseObject({ code: z.string(), label: z.nullish(z.string()) }));

/** The share actions, `{code, …}` keyed by code (protocol §6.1); the label falls back to the code. */
export function toCodeLabels(list: z.infer<typeof codeListSchema>): CodeLabel[] {
  const byCode = new Map(
    list.map((entry) => [entry.code, { code: entry.code, label: entry.label || entry.code }]),
  );
  return [...byCode.values()];
}

export function listShareActions(): HttpRequest<z.infer<typeof codeListSchema>> {
  return { method: 'GET', path: `${CART}/listShareActions`, schema: codeListSchema };
}

/** The answer to a share: the protocol does not read it; the demo gives the link and the issued password. */
const createdShareAnswerSchema = z.looseObject({
  uuid: z.string(),
  url: z.nullish(z.string()),
  hasPassword: z.nullish(z.boolean()),
  password: z.nullish(z.string()),
});
type CreatedShareAnswer = z.infer<typeof createdShareAnswerSchema>;

interface ShareCommonFields {
  description: string;
  expires: number | null;
  actions: string[];
  collaborators: string[];
  /** the link put in the invitation; `{uuid}` stands for the share's uuid */
  url: string;
}

/**
 * The two bodies of `shareCart` (protocol §6.1): the options (`askForPassword`,
 * `withAssetsDescriptions`), or the mode variant (`shareMode` in their place).
 */
type ShareLinkFields = ShareCommonFields &
  ({ askForPassword: boolean; withAssetsDescriptions: boolean } | { shareMode: ShareMode });

export function shareCart(cartId: string, fields: ShareLinkFields): HttpRequest<CreatedShareAnswer> {
  return {
    method: 'POST',
    path: `${CART}/shareCart/${encodeURIComponent(cartId)}`,
    body: { json: fields },
    schema: createdShareAnswerSchema,
  };
}

interface ShareZipFields {
  description: string;
  expires: number | null;
  profile: string;
  collaborators: string[];
  url: string | null;
}

export function shareZip(cartId: string, fields: ShareZipFields): HttpRequest<CreatedShareAnswer> {
  return {
    method: 'POST',
    path: `${CART}/shareZip/${encodeURIComponent(cartId)}`,
    body: { json: fields },
    schema: createdShareAnswerSchema,
  };
}

const listedShareSchema = z.looseObject({
  uuid: z.string(),
  mode: z.nullish(z.string()),
  url: z.nullish(z.string()),
  description: z.nullish(z.string()),
  expires: z.nullish(z.union([z.number(), z.string()])),
  actions: z.nullish(z.array(z.string())),
  hasPassword: z.nullish(z.boolean()),
  /** when it was made (epoch ms): tells a link made by a write whose answer was lost */
  created: z.nullish(z.number()),
});
export type ListedShare = z.infer<typeof listedShareSchema>;

/**
 * Demo extension (in no document; a real server refuses it): the links I created for one cart,
 * without passwords. Only "Links of this cart" reads it: the Share dialog works without it.
 */
export function listShares(cartId: string): HttpRequest<ListedShare[]> {
  return { method: 'GET', path: `${CART}/listShares`, query: { cartId }, schema: z.array(listedShareSchema) };
}

/** The instant a revoked link expired at: any past date does, epoch 0 is the same in every log. */
export const REVOKED_EXPIRES = 0;

/**
 * Revokes a link: `shareCart` again naming the share's `uuid`, with `expires` in the past
 * ([conv]: the protocol has no revoke call; `expires` is a field of §6.1's shareCart). Not read.
 */
export function revokeShare(cartId: string, uuid: string): HttpRequest<undefined> {
  return {
    method: 'POST',
    path: `${CART}/shareCart/${encodeURIComponent(cartId)}`,
    body: { json: { uuid, expires: REVOKED_EXPIRES } },
  };
}

export function toCreatedShare(raw: ListedShare, linkOf: (uuid: string) => string): CreatedShare {
  return {
    uuid: raw.uuid,
    mode: raw.mode ?? 'link',
    url: raw.url || linkOf(raw.uuid),
    description: raw.description ?? '',
    expires: raw.expires ?? null,
    actions: raw.actions ?? [],
    hasPassword: raw.hasPassword ?? false,
  };
}

/**
 * A shared cart by uuid: `no_preview` only; the password, when given, goes as Basic, and without
 * one no Authorization at all, not even the session's bearer (protocol §6.4, §23.4).
 */
export function viewSharedCart(uuid: string, sharePassword: string | undefined): HttpRequest<WireCart> {
  return {
    method: 'GET',
    path: `${CART}/viewCart/${encodeURIComponent(uuid)}`,
    query: { no_preview: true },
    ...(sharePassword ? { sharePassword } : { anonymous: true }),
    schema: wireCartSchema,
  };
}

/**
 * Acts on a share; `{items}` only when items are given (protocol §6.1), and a comment's text as
 * `{comment}` ([conv]: the protocol names no field for it). No body when there is neither.
 */
export function withShare(
  uuid: string,
  action: string,
  items: ItemMap | null,
  sharePassword: string | undefined,
  comment?: string,
): HttpRequest<undefined> {
  const json = { ...(items ? { items } : {}), ...(comment !== undefined ? { comment } : {}) };
  return {
    method: 'POST',
    path: `${CART}/withShare/${encodeURIComponent(uuid)}/${encodeURIComponent(action)}`,
    ...(Object.keys(json).length > 0 ? { body: { json } } : {}),
    ...(sharePassword ? { sharePassword } : {}),
  };
}

/**
 * The binary variant of `withShare/{uuid}/download[/{type}/{id}]`: the answer is the zip, and
 * `{}` is sent when there are no items (protocol §6.1). The password, when known, goes as Basic;
 * otherwise the caller's normal authentication (§6.5).
 */
export function shareDownload(
  uuid: string,
  item: { resource: string; id: string } | null,
  sharePassword: string | undefined,
): HttpRequest<Blob> {
  const segments = [uuid, 'download', ...(item ? [item.resource, item.id] : [])];
  return {
    method: 'POST',
    path: `${CART}/withShare/${segments.map(encodeURIComponent).join('/')}`,
    body: { json: {} },
    responseType: 'blob',
    ...(sharePassword ? { sharePassword } : {}),
  };
}

/**
 * The picture of a shared cart's item, read as a Blob through http so that the share's
 * credentials go with it: the password as Basic, or no Authorization at all (protocol §6.1
 * `itemPreview/variation`, §6.4).
 */
export function sharedItemImage(
  variation: string,
  uuid: string,
  resource: string,
  id: string,
  sharePassword: string | undefined,
): HttpRequest<Blob> {
  const segments = [variation, uuid, resource, id].map(encodeURIComponent).join('/');
  return {
    method: 'GET',
    path: `${CART}/itemPreview/variation/${segments}`,
    responseType: 'blob',
    ...(sharePassword ? { sharePassword } : { anonymous: true }),
  };
}

const playerSchema = z.looseObject({
  html: z.nullish(z.string()),
  javascriptUrls: z.nullish(z.array(z.string())),
});

/** The preview player of one item (protocol §6.1); cart items use `fo.player`. */
export function itemPlayer(
  player: string,
  cartId: string,
  resource: string,
  id: string,
  size: { width: string; height: string },
): HttpRequest<z.infer<typeof playerSchema>> {
  const segments = [player, cartId, resource, id].map(encodeURIComponent).join('/');
  return {
    method: 'GET',
    path: `${CART}/itemPreview/player/${segments}`,
    query: size,
    schema: playerSchema,
  };
}
