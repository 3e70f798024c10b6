import { describe, expect, it } from 'vitest';
import { badgeCount } from '../../../src/imports/badges';
import '../../../src/imports/messages';
import { translator } from '../../../src/i18n/translate';

describe('counts of items by status', () => {
  it('puts the status word in its form for the count, in each language', () => {
    const [en, fr] = [translator('en'), translator('fr')];
    expect(badgeCount(en, 'en', 'error', 1)).toBe('1 error');
    expect(badgeCount(en, 'en', 'error', 2)).toBe('2 errors');
    expect(badgeCount(fr, 'fr', 'ready', 1)).toBe('1 prêt');
    expect(badgeCount(fr, 'fr', 'ready', 6)).toBe('6 prêts');
    expect(badgeCount(fr, 'fr', 'incomplete', 4)).toBe('4 incomplets');
    expect(badgeCount(fr, 'fr', 'validated', 1500)).toBe(
      `${new Intl.NumberFormat('fr').format(1500)} validés`,
    );
  });
});
