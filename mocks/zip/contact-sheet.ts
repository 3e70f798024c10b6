import { type Asset, formatDuration } from '../db/assets';
import { createRandom, mixSeed } from '../db/random';
import { nextTurn } from '../handlers/slices';
import { truncate } from '../media/svg';

/**
 * A contact sheet as a real PDF 1.4, written by hand: A4 pages of 4 x 5 tiles, each a block in
 * the asset's own colour (the hue its generated image uses) with its nature, name, size and file
 * size. Standard Helvetica needs no embedded font; text is Latin-1 (WinAnsi), anything else '?'.
 */

const PAGE = { width: 595, height: 842, margin: 36 } as const;
const GRID = { columns: 4, rows: 5 } as const;
const HEADER = 56;
const CAPTION = 34;
const TILES_PER_PAGE = GRID.columns * GRID.rows;

/** The hue `renderAssetImage` draws the asset with, so the sheet matches the pictures. */
function assetHue(asset: Asset): number {
  return createRandom(mixSeed(77, asset.id)).int(0, 359);
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

const num = (value: number) => String(Math.round(value * 100) / 100);

/** WinAnsi codes of the punctuation outside Latin-1 that names and captions use. */
const WIN_ANSI: Record<string, string> = {
  '…': '\x85',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '–': '\x96',
  '—': '\x97',
  '€': '\x80',
};

/** A PDF string literal in WinAnsi, one byte per character, with `\`, `(` and `)` escaped. */
function pdfText(text: string): string {
  const latin1 = text.replace(/[\u0100-\u{10ffff}]/gu, (char) => WIN_ANSI[char] ?? '?');
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function text(font: 'F1' | 'F2', size: number, x: number, y: number, content: string): string {
  return `BT /${font} ${size} Tf ${num(x)} ${num(y)} Td ${pdfText(content)} Tj ET`;
}

function tile(asset: Asset, index: number): string {
  const cellWidth = (PAGE.width - 2 * PAGE.margin) / GRID.columns;
  const cellHeight = (PAGE.height - 2 * PAGE.margin - HEADER) / GRID.rows;
  const column = index % GRID.columns;
  const row = Math.floor(index / GRID.columns);
  const x = PAGE.margin + column * cellWidth + 4;
  const top = PAGE.height - PAGE.margin - HEADER - row * cellHeight - 4;
  const width = cellWidth - 8;
  const blockHeight = cellHeight - CAPTION - 8;
  const [r, g, b] = hslToRgb(assetHue(asset), 65, 55);
  const detail =
    asset.duration === null
      ? `${asset.width} x ${asset.height} · ${formatBytes(asset.filesize)}`
      : `${formatDuration(asset.duration)} · ${formatBytes(asset.filesize)}`;
  return [
    `${num(r)} ${num(g)} ${num(b)} rg ${num(x)} ${num(top - blockHeight)} ${num(width)} ${num(blockHeight)} re f`,
    '1 1 1 rg',
    text('F2', 9, x + 6, top - 16, asset.assetnature.name.toUpperCase()),
    '0.1 0.1 0.1 rg',
    text('F2', 7.5, x, top - blockHeight - 11, truncate(asset.name, 30)),
    text('F1', 7, x, top - blockHeight - 21, detail),
    text('F1', 6.5, x, top - blockHeight - 30, truncate(asset.filename, 34)),
  ].join('\n');
}

function pageContent(title: string, assets: readonly Asset[], page: number, pages: number): string {
  const headerY = PAGE.height - PAGE.margin - 20;
  return [
    '0.1 0.1 0.1 rg',
    text('F2', 16, PAGE.margin, headerY, truncate(title, 60)),
    text('F1', 9, PAGE.margin, headerY - 16, `Contact sheet · page ${page} of ${pages}`),
    ...assets.map((asset, index) => tile(asset, index)),
  ].join('\n');
}

/** Pages written between two turns for other requests. */
const PAGES_PER_TURN = 10;

/**
 * A PDF of the assets, 20 per page (an empty list still gives one page with the title), written
 * PAGES_PER_TURN pages at a time: a sheet of 2 000 assets held the demo server for half a second.
 */
export async function contactSheetPdf(title: string, assets: readonly Asset[]): Promise<Uint8Array> {
  const pageCount = Math.max(1, Math.ceil(assets.length / TILES_PER_PAGE));
  // objects: 1 catalog, 2 pages, 3 and 4 fonts, then a page and its content per page
  const objects: string[] = [];
  const kids: string[] = [];
  for (let page = 0; page < pageCount; page++) {
    if (page > 0 && page % PAGES_PER_TURN === 0) await nextTurn();
    const pageId = 5 + page * 2;
    kids.push(`${pageId} 0 R`);
    const content = pageContent(
      title,
      assets.slice(page * TILES_PER_PAGE, (page + 1) * TILES_PER_PAGE),
      page + 1,
      pageCount,
    );
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';

  // every character is one byte (Latin-1), so string lengths are byte offsets
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = pdf.length;
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(pdf.length);
  for (let index = 0; index < pdf.length; index++) bytes[index] = pdf.charCodeAt(index);
  return bytes;
}
