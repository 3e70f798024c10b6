import { zipSync, type Zippable } from 'fflate';
import type { Asset } from '../db/assets';
import type { ZipProfile } from '../db/carts';
import type { Keyword } from '../db/tree';
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
function extraFiles(contents: ZipContents): Record<string, Uint8Array> {
  return {
    ...(contents.withContactSheet && {
      [CONTACT_SHEET_ENTRY]: contactSheetPdf(contents.title, contents.assets),
    }),
    ...(contents.withAssetsDescriptions && {
      [DESCRIPTIONS_ENTRY]: assetDescriptionsCsv(contents.assets, contents.keywords),
    }),
  };
}

/**
 * The size `testZipCart` reports: each asset's declared `filesize` scaled by the profile's
 * `sizeRatio`, plus the real size of the contact sheet and descriptions files.
 */
export function declaredZipSize(contents: ZipContents): number {
  const assets = contents.assets.reduce(
    (total, asset) => total + Math.round(asset.filesize * contents.profile.sizeRatio),
    0,
  );
  const extras = Object.values(extraFiles(contents)).reduce((total, file) => total + file.length, 0);
  return assets + extras;
}

/** The zip itself: one generated file per asset (the original or the preview drawing), plus extras. */
export function buildZip(contents: ZipContents): Uint8Array {
  const encoder = new TextEncoder();
  const variation = {
    name: contents.profile.code === 'originals' ? 'original' : 'preview',
    watermarked: false,
  } as const;
  const files: Zippable = {};
  for (const asset of contents.assets) {
    files[assetEntryName(asset)] = [
      encoder.encode(renderAssetImage(asset, variation)),
      { mtime: new Date(asset.modified) },
    ];
  }
  Object.assign(files, extraFiles(contents));
  // stored, not deflated: originals are mostly compressed formats already, and a 10,000-item zip
  // builds in well under a second instead of several
  return zipSync(files, { level: 0 });
}
