import { seededFaker } from './random';

export interface Role {
  id: number;
  name: string;
  /** a watermarked viewer sees the `_w` variations (protocol §3.3) */
  watermark: boolean;
}

export interface User {
  id: number;
  login: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  /** `me.locale` of who-am-I */
  locale: string;
  /** the profile's language field: the locale used when a request carries no `lang` */
  bolang: string;
  /** contribution languages, `userdata.contriblangs` of who-am-I */
  contriblangs: { code: string }[];
  role: Role;
  /** sign-in answers 403 `{"error":"403/2"}` until the password is changed (protocol §2.2) */
  mustChangePassword: boolean;
  /** the cart user profile (protocol §6.1) */
  permissions: { makePublicBoard: boolean };
  /** `/json/userpref` of this user; none are seeded */
  preferences: StoredPreference[];
}

/** A preference as `/json/userpref` stores it (protocol §4.1): the value is the text the client sent. */
export interface StoredPreference {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

/** The demo application visitors browse as when nobody signs in (UI-CONTRACT, "Accounts"). */
export interface Application {
  id: number;
  name: string;
  key: string;
  secret: string;
}

export const ROLES = {
  assetManager: { id: 1, name: 'Asset manager', watermark: false },
  contributor: { id: 2, name: 'Contributor', watermark: false },
  partner: { id: 3, name: 'External partner', watermark: true },
} as const satisfies Record<string, Role>;

export const DEMO_APPLICATION: Application = {
  id: 1,
  name: 'wedia-demo',
  key: 'demo-key',
  secret: 'demo-secret',
};

/** Ids of the four accounts of the UI contract; other seeded users are colleagues to share with. */
export const USER_IDS = { alice: 1, bob: 2, carol: 3, dave: 4 } as const;

interface AccountSeed {
  login: string;
  firstname: string;
  lastname: string;
  locale: string;
  contriblangs: string[];
  role: Role;
  mustChangePassword?: boolean;
  makePublicBoard?: boolean;
}

const ACCOUNTS: AccountSeed[] = [
  {
    login: 'alice',
    firstname: 'Alice',
    lastname: 'Martin',
    locale: 'en',
    contriblangs: ['en', 'fr'],
    role: ROLES.assetManager,
    makePublicBoard: true,
  },
  {
    login: 'bob',
    firstname: 'Bob',
    lastname: 'Durand',
    locale: 'fr',
    contriblangs: ['fr', 'en'],
    role: ROLES.contributor,
  },
  {
    login: 'carol',
    firstname: 'Carol',
    lastname: 'Nguyen',
    locale: 'en',
    contriblangs: ['en'],
    role: ROLES.partner,
  },
  {
    login: 'dave',
    firstname: 'Dave',
    lastname: 'Okafor',
    locale: 'en',
    contriblangs: ['en'],
    role: ROLES.contributor,
    mustChangePassword: true,
  },
];

const COLLEAGUE_COUNT = 8;

function toUser(id: number, seed: AccountSeed): User {
  return {
    id,
    login: seed.login,
    password: seed.login,
    firstname: seed.firstname,
    lastname: seed.lastname,
    email: `${seed.login}@wedia-demo.example`,
    locale: seed.locale,
    bolang: seed.locale,
    contriblangs: seed.contriblangs.map((code) => ({ code })),
    role: { ...seed.role },
    mustChangePassword: seed.mustChangePassword ?? false,
    permissions: { makePublicBoard: seed.makePublicBoard ?? false },
    preferences: [],
  };
}

/** alice, bob, carol and dave (ids 1..4), then colleagues (ids 5..12) whose password is their login. */
export function createUsers(): User[] {
  const faker = seededFaker(4_401);
  const colleagues = Array.from({ length: COLLEAGUE_COUNT }, (): AccountSeed => {
    const firstname = faker.person.firstName();
    const lastname = faker.person.lastName();
    const locale = faker.helpers.arrayElement(['en', 'fr', 'de']);
    return {
      login: `${firstname}.${lastname}`.toLowerCase().replace(/[^a-z.]/g, ''),
      firstname,
      lastname,
      locale,
      contriblangs: [...new Set([locale, 'en'])],
      role: faker.helpers.arrayElement([ROLES.contributor, ROLES.assetManager]),
    };
  });
  return [...ACCOUNTS, ...colleagues].map((seed, index) => toUser(index + 1, seed));
}

/** Photographers and authors credited on assets. */
export function createAuthors(): string[] {
  const faker = seededFaker(4_402);
  return Array.from({ length: 30 }, () => faker.person.fullName());
}

export function findUserByLogin(users: User[], login: string): User | undefined {
  return users.find((user) => user.login === login);
}
