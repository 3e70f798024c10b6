import { HttpResponse, http } from 'msw';
import { findUserByLogin, type User } from '../db/users';
import { headersIn } from '../db/schemas';
import { runtime } from '../runtime';
import { callerOf, langFor, userOf } from './caller';
import { formFields, parseJson, textField } from './form';
import { errorResponse, restEnvelope } from './respond';

/** The fields of the `profil` schema (mocks/db/schemas.ts) a user may change; `login` is read-only. */
const EDITABLE_FIELDS = ['firstname', 'lastname', 'email', 'bolang'] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];
type ProfileChanges = Partial<Record<EditableField, string>>;

/** Fields the `profil` schema marks required on create. */
const REQUIRED_ON_CREATE: EditableField[] = ['firstname', 'lastname', 'email'];

const LOCALE_PATTERN = /^[a-z]{2}([-_][A-Za-z]{2})?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

const SIGN_IN_FIRST = 'Sign in as a user first';
const PASSWORD_NOT_HERE = 'Change the password with the login and the current password fields';

export function profileOf(user: User) {
  return {
    id: user.id,
    login: user.login,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    bolang: user.bolang,
  };
}

function profileResponse(request: Request, user: User, status = 200, withHeaders = false): Response {
  const schema = runtime.db.schemas.profil;
  const lang = langFor(new URL(request.url).searchParams, { kind: 'user', user });
  const headers = withHeaders && schema ? headersIn(schema.headers, lang) : undefined;
  return HttpResponse.json(restEnvelope(request, { resource: 'profil', data: profileOf(user), headers }), {
    status,
  });
}

/** The checked changes, or the message of the first wrong field. */
function profileChanges(json: Record<string, unknown>): ProfileChanges | string {
  const changes: ProfileChanges = {};
  for (const [name, value] of Object.entries(json)) {
    if (name === 'login') return 'login cannot be changed';
    if (!(EDITABLE_FIELDS as readonly string[]).includes(name)) return `Unknown profile field ${name}`;
    if (typeof value !== 'string') return `${name} must be text`;
    if (name === 'email' && !EMAIL_PATTERN.test(value)) return 'email is not an e-mail address';
    if (name === 'bolang' && !LOCALE_PATTERN.test(value)) return 'bolang is not a locale such as en or fr';
    if ((name === 'firstname' || name === 'lastname') && value.trim() === '') return `${name} is required`;
    changes[name as EditableField] = value;
  }
  return changes;
}

/** The profile's language is the user's locale too: who-am-I and `lang`-less requests follow it. */
function setLanguage(user: User, locale: string): void {
  user.bolang = locale;
  user.locale = locale;
}

function applyChanges(user: User, changes: ProfileChanges): void {
  const { bolang, ...names } = changes;
  Object.assign(user, names);
  if (bolang !== undefined) setLanguage(user, bolang);
}

/** The `json` field of a multipart body as an object, or an error response. */
async function jsonObjectField(
  request: Request,
): Promise<{ form: FormData; json: Record<string, unknown> } | Response> {
  const form = await formFields(request);
  if (!form) return errorResponse(400, 'Expected a multipart body');
  const text = textField(form, 'json') ?? '{}';
  const parsed = parseJson(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    return errorResponse(400, 'json must be a JSON object');
  return { form, json: parsed.value as Record<string, unknown> };
}

/**
 * Password change (protocol §4.1): `login` and the current `password` authenticate the request
 * themselves, so a user who may not sign in before changing it (dave, `403/2`) can do it.
 */
function changePassword(request: Request, form: FormData, json: Record<string, unknown>): Response {
  const user = findUserByLogin(runtime.db.users, textField(form, 'login') ?? '');
  if (!user || user.password !== textField(form, 'password'))
    return errorResponse(403, 'The login or the current password is wrong');
  const caller = callerOf(request);
  if (caller.kind === 'user' && caller.user.id !== user.id)
    return errorResponse(403, 'You can only change your own password');
  const { password, ...rest } = json;
  if (typeof password !== 'string' || password === '')
    return errorResponse(400, 'json must carry the new password');
  if (password === user.password)
    return errorResponse(400, 'The new password must differ from the current one');
  const changes = profileChanges(rest);
  if (typeof changes === 'string') return errorResponse(400, changes);
  user.password = password;
  user.mustChangePassword = false;
  applyChanges(user, changes);
  return profileResponse(request, user, 201);
}

/** Profile read, patch, password, locale and create (protocol §3.1, §4.1). */
/** protocol §4.1 "Create profile": every required field of the signed-in user's profile, answered 201. */
async function createProfile(request: Request): Promise<Response> {
  const user = userOf(request);
  if (!user) return errorResponse(401, SIGN_IN_FIRST);
  const body = await jsonObjectField(request);
  if (body instanceof Response) return body;
  if ('password' in body.json) return errorResponse(400, PASSWORD_NOT_HERE);
  const changes = profileChanges(body.json);
  if (typeof changes === 'string') return errorResponse(400, changes);
  const missing = REQUIRED_ON_CREATE.find((name) => changes[name] === undefined);
  if (missing) return errorResponse(400, `${missing} is required`);
  applyChanges(user, changes);
  return profileResponse(request, user, 201);
}

export const profileHandlers = [
  http.get('*/api/rest/profil/me', ({ request }) => {
    const user = userOf(request);
    if (!user) return errorResponse(401, SIGN_IN_FIRST);
    const withHeaders = new URL(request.url).searchParams.get('headers') === 'true';
    return profileResponse(request, user, 200, withHeaders);
  }),

  http.post('*/api/rest/profil/me/patch', async ({ request }) => {
    const body = await jsonObjectField(request);
    if (body instanceof Response) return body;
    const { form, json } = body;
    if (form.has('login') || form.has('password')) return changePassword(request, form, json);
    const user = userOf(request);
    if (!user) return errorResponse(401, SIGN_IN_FIRST);
    if ('password' in json) return errorResponse(400, PASSWORD_NOT_HERE);
    const changes = profileChanges(json);
    if (typeof changes === 'string') return errorResponse(400, changes);
    applyChanges(user, changes);
    return profileResponse(request, user, 201);
  }),

  /** Creates (fills in) the signed-in user's profile: every required field, as on a first sign-in. */
  http.post('*/api/rest/profil', ({ request }) => createProfile(request)),
  /** The same call by profile type (protocol §4.1); the demo has one type of profile, `user`. */
  http.post('*/api/rest/data/:type', ({ request, params }) =>
    params.type === 'user' ? createProfile(request) : undefined,
  ),

  /** The reference client's locale change; ours uses the profile patch. */
  http.put('*/api/json/update/data.userlang/:userId', ({ request, params }) => {
    const user = userOf(request);
    if (!user) return errorResponse(401, SIGN_IN_FIRST);
    if (String(user.id) !== params.userId) return errorResponse(403, 'You can only change your own language');
    const locale = new URL(request.url).searchParams.get('prop_bolang') ?? '';
    if (!LOCALE_PATTERN.test(locale))
      return errorResponse(400, 'prop_bolang is not a locale such as en or fr');
    setLanguage(user, locale);
    return HttpResponse.json({});
  }),
];
