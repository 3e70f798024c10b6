import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import type { HttpRequest } from '../core/http';

/** `{<resource>: [ids]}`; empty means the whole cart (protocol §7.1). */
export const selectionSchema = z.record(z.string(), z.array(z.string()));
export type Selection = z.infer<typeof selectionSchema>;

/** The size test's answer (protocol §7.1); sizes in bytes. */
export const infosSchema = z.object({
  size: z.number(),
  maxSize: z.number(),
  refused: z.boolean(),
  warnSize: z.number(),
  warn: z.boolean(),
});
export type DownloadInfos = z.infer<typeof infosSchema>;

/** What the size test and the build are asked with (protocol §7.1, §23.2). */
export interface ZipOptions {
  profile: string;
  withContactSheet: boolean;
  withAssetsDescriptions: boolean;
  selection: Selection;
}

/** Where the calls go: a cart id, or a share uuid with the share's password when one is known (§6.5). */
export interface ZipTarget {
  cartId: string;
  sharePassword?: string | undefined;
}

const CART = '/wedia/cart';

function withPassword<T>(request: HttpRequest<T>, target: ZipTarget): HttpRequest<T> {
  // the password goes only when given: never `undefined`, never empty (protocol §23.4)
  return target.sharePassword ? { ...request, sharePassword: target.sharePassword } : request;
}

function zipBody(options: ZipOptions) {
  const { profile, withContactSheet, withAssetsDescriptions, selection } = options;
  return {
    profile,
    withContactSheet,
    withAssetsDescriptions,
    ...(Object.keys(selection).length > 0 ? { selection } : {}),
  };
}

export function testZipCart(target: ZipTarget, options: ZipOptions): HttpRequest<DownloadInfos> {
  return withPassword(
    {
      method: 'POST',
      path: `${CART}/testZipCart/${encodeURIComponent(target.cartId)}`,
      body: { json: zipBody(options) },
      schema: infosSchema,
    },
    target,
  );
}

/** The answer is the zip uuid, as a JSON string or plain text (protocol §7.1). */
const zipUuidSchema = z.string().check(z.trim(), minLength(1));

export function zipCart(
  target: ZipTarget,
  options: ZipOptions & { sendLinkByEmail: boolean },
): HttpRequest<string> {
  return withPassword(
    {
      method: 'POST',
      path: `${CART}/zipCart/${encodeURIComponent(target.cartId)}`,
      body: { json: { ...zipBody(options), sendLinkByEmail: options.sendLinkByEmail } },
      schema: zipUuidSchema,
    },
    target,
  );
}

export const downloadPath = (zipUuid: string) => `${CART}/downloadCart/${encodeURIComponent(zipUuid)}`;

/** Readiness: the status alone is read (200 ready, another 2xx not yet). */
export function checkReadiness(zipUuid: string): HttpRequest<undefined> {
  return { method: 'HEAD', path: downloadPath(zipUuid) };
}

/** A zip profile as the portal keeps it: the label falls back to the code. */
export const zipProfileSchema = z.object({ code: z.string(), label: z.string() });
export type ZipProfile = z.infer<typeof zipProfileSchema>;

const wireProfilesSchema = z.array(z.looseObject({ code: z.string(), label: z.nullish(z.string()) }));
type WireProfiles = z.infer<typeof wireProfilesSchema>;

export function listProfiles(): HttpRequest<WireProfiles> {
  return { method: 'GET', path: `${CART}/profiles`, schema: wireProfilesSchema };
}

/** The profiles keyed by code (protocol §6.1): a code listed twice is offered once. */
export function toZipProfiles(wire: WireProfiles): ZipProfile[] {
  const byCode = new Map(wire.map(({ code, label }) => [code, { code, label: label || code }]));
  return [...byCode.values()];
}

const itemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  type: z.optional(z.string()),
  metadata: z.nullish(z.looseObject({ filesize: z.optional(z.number()) })),
  // what a skipped item is listed by (issue 13); whatever else the server sends there is ignored
  name: z.optional(z.unknown()),
  title: z.optional(z.unknown()),
  filename: z.optional(z.unknown()),
});
type WireItem = z.infer<typeof itemSchema>;

/** A cart's items as `output=list` (an array) or as a map by type (shares), protocol §6.2. */
const measuredCartSchema = z.looseObject({
  items: z.union([z.array(itemSchema), z.record(z.string(), z.array(itemSchema))]),
});
type MeasuredCart = z.infer<typeof measuredCartSchema>;

/** The cart's items with their sizes, to split a refused download (protocol §7.3). */
export function viewCartForSplit(target: ZipTarget, shared: boolean): HttpRequest<MeasuredCart> {
  return withPassword(
    {
      method: 'GET',
      path: `${CART}/viewCart/${encodeURIComponent(target.cartId)}`,
      // a share answers with the map form and takes `no_preview` only (protocol §6.1)
      query: shared ? { no_preview: true } : { no_preview: true, output: 'list' },
      schema: measuredCartSchema,
    },
    target,
  );
}

/** One item of the work list: what splitting measures. */
export interface SizedItem {
  resource: string;
  id: string;
  size: number;
  /** the item's name in the cart's answer (`name`, else `title`, else `filename`), when it gave one */
  name?: string;
}

/** The first non-empty text among the item's `name`, `title` and `filename`. */
function nameOf(item: WireItem | undefined): string | undefined {
  for (const value of [item?.name, item?.title, item?.filename]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/**
 * The work list of protocol §7.3: the selection when it has keys, else every cart item, flattened
 * to (resource, id) in selection order; each size is the item's `metadata.filesize` (0 unknown).
 */
export function sizedItems(cart: MeasuredCart, selection: Selection): SizedItem[] {
  const byType = new Map<string, Map<string, WireItem>>();
  const add = (type: string, item: WireItem) => {
    let items = byType.get(type);
    if (!items) {
      items = new Map();
      byType.set(type, items);
    }
    items.set(String(item.id), item);
  };
  if (Array.isArray(cart.items)) for (const item of cart.items) add(item.type ?? 'asset', item);
  else for (const [type, items] of Object.entries(cart.items)) for (const item of items) add(type, item);

  const itemOf = (resource: string, id: string) => byType.get(resource)?.get(id);
  const work: [string, string[]][] =
    Object.keys(selection).length > 0
      ? Object.entries(selection)
      : [...byType.entries()].map(([type, items]) => [type, [...items.keys()]]);
  const out: SizedItem[] = [];
  for (const [resource, ids] of work) {
    for (const rawId of ids) {
      const id = String(rawId);
      const item = itemOf(resource, id);
      const name = nameOf(item);
      out.push({
        resource,
        id,
        size: item?.metadata?.filesize ?? 0,
        ...(name === undefined ? {} : { name }),
      });
    }
  }
  return out;
}
