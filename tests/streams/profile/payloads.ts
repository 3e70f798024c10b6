import fc from 'fast-check';
import * as profile from '../../../streams/profile/events';
import { type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

const locale = fc.constantFrom('en', 'fr', 'fr_CA');
const fields = fc.record(
  { firstname: shortText, lastname: shortText, email: fc.constantFrom('a@b.c', 'x'), bolang: locale },
  { requiredKeys: [] },
);
const profileData = fc
  .record({ id: fc.nat(5), login: fc.constantFrom('alice', 'bob') })
  .chain((who) => fields.map((rest) => ({ ...who, ...rest })));
const error = serializedError;

/** A valid payload for every profile event. */
export const profilePayloads: PayloadGenerators = {
  [profile.loadRequested.type]: fc.record({ force: fc.boolean() }, { requiredKeys: [] }),
  [profile.loaded.type]: fc.record({
    profile: profileData,
    headers: fc.option(fc.constant({ firstname: { label: 'First name' } }), { nil: null }),
  }),
  [profile.loadFailed.type]: fc.record({ error }),
  [profile.patchRequested.type]: fc.record({ changes: fields }),
  [profile.patchRefused.type]: fc.record({ message: shortText }),
  [profile.patched.type]: fc.record({ profile: profileData }),
  [profile.patchFailed.type]: fc.record({ error }),
  [profile.createRequested.type]: fc.record({ fields }),
  [profile.created.type]: fc.record({ profile: profileData }),
  [profile.createFailed.type]: fc.record({ error }),
  [profile.localeChangeRequested.type]: fc.record({ locale }),
  [profile.localeChanged.type]: fc.record({ locale }),
  [profile.localeChangeFailed.type]: fc.record({ locale, error }),
  [profile.visitorLocaleChosen.type]: fc.record({ locale }),
  [profile.visitorLocaleRestored.type]: fc.record({ locale }),
};
