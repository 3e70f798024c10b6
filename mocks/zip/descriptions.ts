import type { Asset } from '../db/assets';
import type { Keyword } from '../db/tree';

const COLUMNS = [
  'id',
  'name',
  'title',
  'filename',
  'nature',
  'mimetype',
  'filesize',
  'width',
  'height',
  'duration',
  'author',
  'copyright',
  'rightsEnd',
  'keywords',
  'description',
] as const;

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The asset descriptions file of a zip: one CSV row per asset, UTF-8, CRLF line ends. */
export function assetDescriptionsCsv(assets: readonly Asset[], keywords: readonly Keyword[]): Uint8Array {
  const keywordNames = new Map(keywords.map((keyword) => [keyword.id, keyword.name]));
  const rows = assets.map((asset) =>
    [
      asset.id,
      asset.name,
      asset.title,
      asset.filename,
      asset.assetnature.code,
      asset.mimetype,
      asset.filesize,
      asset.width,
      asset.height,
      asset.duration,
      asset.author,
      asset.copyright,
      asset.dteendrights,
      asset.keywords.map((id) => keywordNames.get(id) ?? '').join('; '),
      asset.description,
    ]
      .map(csvField)
      .join(','),
  );
  return new TextEncoder().encode(`${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`);
}
