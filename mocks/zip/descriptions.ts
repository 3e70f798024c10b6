import type { Asset } from '../db/assets';
import type { Keyword } from '../db/tree';
import { nextTurn } from '../handlers/slices';

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

/** Rows written between two turns for other requests. */
const ROWS_PER_TURN = 500;

/** The asset descriptions file of a zip: one CSV row per asset, UTF-8, CRLF line ends. */
export async function assetDescriptionsCsv(
  assets: readonly Asset[],
  keywords: readonly Keyword[],
): Promise<Uint8Array> {
  const keywordNames = new Map(keywords.map((keyword) => [keyword.id, keyword.name]));
  const rows: string[] = [];
  for (const [index, asset] of assets.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    rows.push(rowOf(asset, keywordNames));
  }
  return new TextEncoder().encode(`${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`);
}

function rowOf(asset: Asset, keywordNames: ReadonlyMap<number, string>): string {
  return [
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
    .join(',');
}
