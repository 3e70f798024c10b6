/**
 * The demo server names fields and groups in the request's language, as the real service does
 * (protocol §1.4: `lang` on every call, else the signed-in user's `bolang`): schema headers, the
 * inline headers of a list, and the update form's fields.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { ASSET, as, call } from '../demo-server-entities/helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const labelsOf = (headers: Record<string, { label: string; group: { name: string } }>) => ({
  keywords: headers.keywords?.label,
  group: headers.keywords?.group.name,
  created: headers.created?.label,
});

describe('field and group labels in the request language (protocol §1.4, §11.1)', () => {
  it('answers the schema headers in French for lang=fr and in English for lang=en', async () => {
    const alice = await as('alice');
    const fr = await call(`/rest/${ASSET}/headers?rscSecurity=insert&lang=fr`, { headers: alice });
    const en = await call(`/rest/${ASSET}/headers?rscSecurity=insert&lang=en`, { headers: alice });
    expect(labelsOf(fr.body.headers)).toEqual({
      keywords: 'Mots-clés',
      group: 'Classement',
      created: 'Créé le',
    });
    expect(labelsOf(en.body.headers)).toEqual({
      keywords: 'Keywords',
      group: 'Classification',
      created: 'Created',
    });
    expect(fr.body.headers.keywords).not.toHaveProperty('translations');
  });

  it("follows the user's bolang without lang, in a list's inline headers too", async () => {
    const bob = await as('bob');
    const list = await call(`/rest/${ASSET}?headers=true&max=1`, { headers: bob });
    expect(labelsOf(list.body.headers)).toEqual({
      keywords: 'Mots-clés',
      group: 'Classement',
      created: 'Créé le',
    });
  });

  it("names the update form's fields in the request language", async () => {
    const alice = await as('alice');
    const fields = await call('/json/update/dam.data.asset.update/headers?lang=fr', { headers: alice });
    expect(fields.body.inputs.properties.keywords.label).toBe('Mots-clés');
  });
});
