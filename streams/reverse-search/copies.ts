import * as z from 'zod/mini';
import { gte, lte, minLength } from '../core/bounds';

/**
 * The copies a reverse-search report lists (issue 28: shown on the page, the file an extra). The
 * report is a CSV file: a block about the asset, a blank line, then a table whose header names
 * `name`, `page`, `match` and `similarity`. A report in another shape (a PDF) lists none: null.
 */

/**
 * Only web addresses become links: a `javascript:` page from a server never reaches an href. What
 * `z.url({ protocol: /^https?$/ })` accepts, as a string format of its own: zod's code is one module
 * that the first download holds with every kind of schema any screen builds, and its URL code
 * weighs 0.5 KB gz there. Blanks around the address are allowed and kept (an href ignores them).
 */
const webAddress = z.stringFormat('url', (value) => {
  const address = value.trim();
  return /^https?:\/\//i.test(address) && URL.canParse(address);
});

export const copySchema = z.object({
  name: z.string().check(minLength(1)),
  page: webAddress,
  /** `exact` or `similar` in the demo; another word is shown as the server wrote it */
  match: z.string(),
  /** 0..1 */
  similarity: z.number().check(gte(0), lte(1)),
});
export type CopyFound = z.infer<typeof copySchema>;

/** The rows of a CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The copies of a report, or null when it holds no table of copies. Rows that do not read are left out. */
export function copiesOfReport(text: string): CopyFound[] | null {
  const rows = csvRows(text);
  const headerAt = rows.findIndex((row) => row.includes('page') && row.includes('similarity'));
  const header = rows[headerAt];
  if (!header) return null;
  const column = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
  return rows.slice(headerAt + 1).flatMap((row) => {
    const parsed = copySchema.safeParse({
      name: column(row, 'name') || column(row, 'site'),
      page: column(row, 'page'),
      match: column(row, 'match'),
      similarity: Number.parseFloat(column(row, 'similarity')),
    });
    return parsed.success ? [parsed.data] : [];
  });
}
