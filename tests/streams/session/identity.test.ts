import { describe, expect, it } from 'vitest';
import { whoAmILoaded } from '../../../streams/session/events';
import { selectEffectiveLocale, selectSurferType, selectUserId } from '../../../streams/session/selectors';
import { selectContributionLocales, selectIsWatermarked } from '../../../streams/session/identity-selectors';
import { appStarted } from '../../helpers/app-started';
import { fold } from '../../helpers/marbles';

const knownAs = (me: Parameters<typeof whoAmILoaded>[0]['me']) =>
  fold([appStarted({ locale: 'de' }), whoAmILoaded({ me })]);

describe('derived identity values (protocol §3.3)', () => {
  it('reads an anonymous visitor as unknown, watermarked, in the configured locale', () => {
    const state = knownAs({});
    expect(selectSurferType(state)).toBe('unknown');
    expect(selectIsWatermarked(state)).toBe(true);
    expect(selectEffectiveLocale(state)).toBe('de');
    expect(selectContributionLocales(state)).toEqual([]);
    expect(selectUserId(state)).toBeNull();
  });

  it('reads an application by its name, with no contribution languages', () => {
    const state = knownAs({ id: 1, isApp: true, application: 'wedia-demo', role: { watermark: false } });
    expect(selectSurferType(state)).toBe('application');
    expect(selectIsWatermarked(state)).toBe(false);
    expect(selectContributionLocales(state)).toEqual([]);
  });

  it("reads a user's locale with hyphens, their own locale first among the contribution languages", () => {
    const state = knownAs({
      id: 7,
      locale: 'fr_FR',
      isUser: true,
      application: null,
      role: { watermark: true },
      userdata: { contriblangs: [{ code: 'en' }, { code: 'fr_FR' }] },
    });
    expect(selectSurferType(state)).toBe('user');
    expect(selectUserId(state)).toBe('7');
    expect(selectIsWatermarked(state)).toBe(true);
    expect(selectEffectiveLocale(state)).toBe('fr-FR');
    expect(selectContributionLocales(state)).toEqual(['fr-FR', 'en']);
  });

  it('treats a user without a role as watermarked (seed 002 §8)', () => {
    expect(selectIsWatermarked(knownAs({ id: 2, locale: 'en', isUser: true, application: null }))).toBe(true);
  });
});
