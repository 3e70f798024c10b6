import { describe, expect, it } from 'vitest';
import { codeLabel } from '../../../src/i18n/code-labels';
import { creditText } from '../../../src/i18n/credit';
import { localeReady } from '../../../src/i18n/locales';
import { translator } from '../../../src/i18n/translate';
import { formatDate, formatDateTime, formatNumber, formatSize, plural } from '../../../src/i18n/format';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('Intl helpers in the reader locale (src/i18n/format.ts)', () => {
  it('formats numbers, dates and sizes per locale', () => {
    expect(nbsp(formatNumber('fr', 12345.5))).toBe('12 345,5');
    expect(formatNumber('en', 12345.5)).toBe('12,345.5');
    const day = Date.UTC(2026, 10, 24, 12);
    expect(formatDate('fr', day, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe(
      '24 novembre 2026',
    );
    expect(formatDate('en', day, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe(
      'November 24, 2026',
    );
    expect(formatDateTime('fr', day)).toMatch(/2026/);
    expect(formatDate('en', 'not a date')).toBe('');
    expect(formatSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatSize(2.5 * 1024 * 1024, 'fr')).toBe('2,5 Mo');
    expect(formatSize(600, 'en')).toBe('600 B');
  });

  it('survives an unknown locale', () => {
    expect(formatNumber('not_a locale!', 3)).toBe('3');
  });

  it('picks plural forms through Intl.PluralRules', () => {
    const forms = { one: 'one', other: 'other' };
    expect(plural('en', 1, forms)).toBe('one');
    expect(plural('en', 0, forms)).toBe('other');
    expect(plural('fr', 0, forms)).toBe('one');
    expect(plural('fr', 1.5, forms)).toBe('one');
    expect(plural('fr', 2, forms)).toBe('other');
    expect(plural('en', 0, { ...forms, zero: 'none' })).toBe('none');
  });

  it('labels server codes in the reader language, the server label for unknown codes', () => {
    expect(codeLabel('fr', 'facet', 'keywords', 'Keywords')).toBe('Mots-clés');
    expect(codeLabel('en', 'type', 'dam/data/asset')).toBe('Asset');
    expect(codeLabel('fr-CA', 'zipProfile', 'hd', 'High definition')).toBe('Haute définition');
    expect(codeLabel('fr', 'shareAction', 'print', 'Print')).toBe('Print');
    expect(codeLabel('fr', 'shareAction', 'print')).toBe('print');
  });

  it('puts the server credit "<work>, by <author>" in the reader sentence', async () => {
    await localeReady('fr');
    expect(creditText(translator('fr'), 'Coast at dawn, by Jane Doe')).toBe(
      'Image de fond : Coast at dawn, par Jane Doe',
    );
    expect(creditText(translator('en'), 'Coast at dawn, by Jane Doe')).toBe(
      'Background: Coast at dawn by Jane Doe',
    );
    expect(creditText(translator('fr'), 'Photo X')).toBe('Image de fond : Photo X');
  });
});
