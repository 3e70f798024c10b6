import { describe, expect, it } from 'vitest';
import { copiesOfReport } from '../../../streams/reverse-search/copies';

describe('the copies a reverse-search report lists (issue 28)', () => {
  it('reads quoted cells, doubled quotes, commas and line breaks inside quotes, CRLF or LF', () => {
    const report =
      '"name","page","match","similarity"\r\n"Dunes, ""at\ndawn""",https://dam.test/a/7,exact,0.99\nBay,https://dam.test/a/3,similar,0.5';
    expect(copiesOfReport(report)).toEqual([
      { name: 'Dunes, "at\ndawn"', page: 'https://dam.test/a/7', match: 'exact', similarity: 0.99 },
      { name: 'Bay', page: 'https://dam.test/a/3', match: 'similar', similarity: 0.5 },
    ]);
  });

  it('finds the table by its header, in any column order; rows that do not read are left out', () => {
    const report = [
      'asset,uuid',
      'Beach,u-1',
      '',
      'similarity,match,page,name',
      '0.9,similar,https://dam.test/assets/asset/2,Bay',
      '0.8,similar,javascript:alert(1),Evil',
      'high,exact,https://dam.test/assets/asset/3,Not a number',
    ].join('\n');
    expect(copiesOfReport(report)).toEqual([
      { name: 'Bay', page: 'https://dam.test/assets/asset/2', match: 'similar', similarity: 0.9 },
    ]);
  });

  it('a table with no rows is no copies; a report with no table (another format) is null', () => {
    expect(copiesOfReport('"name","page","match","similarity"\r\n')).toEqual([]);
    expect(copiesOfReport('%PDF-1.7 …')).toBeNull();
  });
});
