import { HttpResponse, http } from 'msw';
import type { StoredPreference, User } from '../db/users';
import { userOf } from './caller';
import { formFields, textField } from './form';
import { errorResponse } from './respond';

/** The client's default namespace (protocol §4.2). */
const DEFAULT_NAMESPACE = 'vue-app';

const SIGN_IN_FIRST = 'Preferences are kept per user: sign in as a user first';

interface PreferenceId {
  namespace: string;
  key: string;
}

function preferenceId(source: URLSearchParams | FormData): PreferenceId | undefined {
  const key = source.get('key');
  if (typeof key !== 'string' || key === '') return undefined;
  const namespace = source.get('namespace');
  return {
    namespace: typeof namespace === 'string' && namespace !== '' ? namespace : DEFAULT_NAMESPACE,
    key,
  };
}

const find = (user: User, { namespace, key }: PreferenceId): StoredPreference | undefined =>
  user.preferences.find((preference) => preference.namespace === namespace && preference.key === key);

const answer = (data: PreferenceId | StoredPreference) => HttpResponse.json({ response: { data } });

const KEY_REQUIRED = 'key is required';

/**
 * `/json/userpref` (protocol §4.1, §4.2): preferences of the signed-in user, values kept as the
 * text sent. Applications and visitors have none: reading answers "not set", writing is refused.
 */
export const preferenceHandlers = [
  http.get('*/api/json/userpref', ({ request }) => {
    const id = preferenceId(new URL(request.url).searchParams);
    if (!id) return errorResponse(400, KEY_REQUIRED);
    const user = userOf(request);
    const stored = user && find(user, id);
    // a missing preference has no `value` member at all: `null` would read as "set to null"
    return answer(stored ?? id);
  }),

  http.post('*/api/json/userpref', async ({ request }) => {
    const user = userOf(request);
    if (!user) return errorResponse(401, SIGN_IN_FIRST);
    const form = await formFields(request);
    if (!form) return errorResponse(400, 'Expected a form body: namespace, key, type, value');
    const id = preferenceId(form);
    if (!id) return errorResponse(400, KEY_REQUIRED);
    const value = textField(form, 'value');
    if (value === undefined) return errorResponse(400, 'value is required');
    const preference: StoredPreference = { ...id, type: textField(form, 'type') || 'string', value };
    const stored = find(user, id);
    if (stored) Object.assign(stored, preference);
    else user.preferences.push(preference);
    return answer(preference);
  }),

  http.delete('*/api/json/userpref', ({ request }) => {
    const user = userOf(request);
    if (!user) return errorResponse(401, SIGN_IN_FIRST);
    const id = preferenceId(new URL(request.url).searchParams);
    if (!id) return errorResponse(400, KEY_REQUIRED);
    user.preferences = user.preferences.filter(
      (preference) => preference.namespace !== id.namespace || preference.key !== id.key,
    );
    return answer(id);
  }),
];
