import { describe, expect, it } from 'vitest';
import { isLocaleReady, localeReady, SUPPORTED_LOCALES } from '../../src/i18n/locales';
import { translator } from '../../src/i18n/translate';

describe('languages other than English arrive with their first use (src/i18n/locales.ts)', () => {
  it('reads English until the French shell messages are here, then French', async () => {
    // English and French first; a languages/<code>.ts file adds its code after them
    expect(SUPPORTED_LOCALES.slice(0, 2)).toEqual(['en', 'fr']);
    expect(isLocaleReady('fr-CA')).toBe(false);
    expect(translator('fr')('nav.carts')).toBe('Carts');
    await localeReady('fr-CA');
    expect(isLocaleReady('fr')).toBe(true);
    expect(translator('fr')('nav.carts')).toBe('Paniers');
    expect(translator('de')('nav.carts')).toBe('Carts');
  });
});
