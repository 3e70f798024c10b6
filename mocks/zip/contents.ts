import { Zip, ZipPassThrough } from 'fflate';
import type { Asset } from '../db/assets';
import type { ZipProfile } from '../db/carts';
import type { Keyword } from '../db/tree';
import { nextTurn } from '../handlers/slices';
import { renderAssetImage } from '../media/asset-image';
import { contactSheetPdf } from './contact-sheet';
import { assetDescriptionsCsv } from './descriptions';

export const CONTACT_SHEET_ENTRY = 'contact-sheet.pdf';
export const DESCRIPTIONS_ENTRY = 'asset-descriptions.csv';

/** What a zip holds: the assets in one profile, plus the optional contact sheet and descriptions. */
export interface ZipContents {
  /** the cart's name: the contact sheet's title */
  title: string;
  assets: readonly Asset[];
  profile: ZipProfile;
  withContactSheet: boolean;
  withAssetsDescriptions: boolean;
  keywords: readonly Keyword[];
}

/**
 * The stand-in of an asset's file: its generated SVG drawing, under the asset's file name with
 * `.svg` for an extension (the real original would be the declared `filesize` of bytes).
 */
export function assetEntryName(asset: Asset): string {
  return `${asset.filename.replace(/\.[^.]+$/, '')}.svg`;
}

/** The contact sheet and the descriptions file, when asked for: real files, counted at their size. */
async function extraFiles(contents: ZipContents): Promise<Array<[string, Uint8Array]>> {
  const extras: Array<[string, Uint8Array]> = [];
  if (contents.withContactSheet)
    extras.push([CONTACT_SHEET_ENTRY, await contactSheetPdf(contents.title, contents.assets)]);
  if (contents.withAssetsDescriptions)
    extras.push([DESCRIPTIONS_ENTRY, await assetDescriptionsCsv(contents.assets, contents.keywords)]);
  return extras;
}

/**
 * The size `testZipCart` reports: each asset's declared `filesize` scaled by the profile's
 * `sizeRatio`, plus the real size of the contact sheet and descriptions files.
 */
export async function declaredZipSize(contents: ZipContents): Promise<number> {
  const assets = contents.assets.reduce(
    (total, asset) => total + Math.round(asset.filesize * contents.profile.sizeRatio),
    0,
  );
  const extras = (await extraFiles(contents)).reduce((total, [, file]) => total + file.length, 0);
  return assets + extras;
}

/** Entries drawn and added between two turns for other requests. */
const ENTRIES_PER_TURN = 100;

/**
 * The zip itself: one generated file per asset (the original or the preview drawing), plus extras.
 * Entries are drawn and added one at a time, a slice between two turns for other requests: a cart
 * of 2 000 assets held the demo server for most of a second.
 */
export async function buildZip(contents: ZipContents): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const variation = {
    name: contents.profile.code === 'originals' ? 'original' : 'preview',
    watermarked: false,
  } as const;
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  // stored, not deflated: originals are mostly compressed formats already
  const add = (name: string, bytes: Uint8Array, mtime?: Date) => {
    const entry = new ZipPassThrough(name);
    if (mtime) entry.mtime = mtime;
    zip.add(entry);
    entry.push(bytes, true);
  };
  for (const [index, asset] of contents.assets.entries()) {
    if (index > 0 && index % ENTRIES_PER_TURN === 0) await nextTurn();
    add(assetEntryName(asset), encoder.encode(renderAssetImage(asset, variation)), new Date(asset.modified));
  }
  for (const [name, bytes] of await extraFiles(contents)) add(name, bytes);
  zip.end();
  const zipped = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    zipped.set(chunk, at);
    at += chunk.length;
  }
  return zipped;
}
