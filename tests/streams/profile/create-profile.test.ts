import { describe, expect, it } from 'vitest';
import { createProfile } from '../../../streams/profile/api';
import { created } from '../../../streams/profile/events';
import { fold } from '../../helpers/marbles';

describe('create profile (protocol §4.1)', () => {
  it('is POST /rest/profil, or /rest/data/{type} for a profile type, the fields as the json part', () => {
    expect(createProfile({ firstname: 'A' })).toMatchObject({ method: 'POST', path: '/rest/profil' });
    expect(createProfile({ firstname: 'A' }, 'user')).toMatchObject({ path: '/rest/data/user' });
    expect(createProfile({ firstname: 'A' }, 'user').body).toEqual({
      multipart: { json: '{"firstname":"A"}' },
    });
  });

  it('replaces my profile only when there is no type or it is user', () => {
    const mine = fold([created({ profile: { login: 'alice', firstname: 'Alice' } })]);
    expect(mine.profile.data?.firstname).toBe('Alice');
    const other = fold([created({ profile: { login: 'r2', firstname: 'R2' }, type: 'robot' })], mine);
    expect(other.profile.data?.firstname).toBe('Alice');
    expect(other.profile.create.status).toBe('loaded');
  });
});
