import * as z from 'zod/mini';
import { defineEndpoint } from '../core/endpoint';
import { defineEvent } from '../core/event';
import { whoAmIRequested } from '../session/events';
import * as api from './api';
import type { ProfileState } from './state';

/**
 * My profile's reads and writes (seed 002 §7; protocol §4.1): each is one request at a time, an
 * ask while one is on its way is dropped (exhaust). `events.ts` lists their events with the
 * domain's others.
 */

/**
 * Names and e-mail are personal data: the requests' copies are masked in exported logs. The
 * answers' copies are not: the profile they carry lives in the state, whose exported snapshots
 * only get the recorder's safety net (masking them there needs a state redactor).
 */
const personal = (at: string) => ['firstname', 'lastname', 'email'].map((name) => `${at}.${name}`);

const fieldsSchema = z.record(z.string(), z.unknown());

/** Opens the profile; `force` asks for the schema headers again (protocol §23.21). */
export const load = defineEndpoint({
  requested: { type: 'profile/loadRequested', shape: { force: z.optional(z.boolean()) } },
  flatten: 'exhaust',
  key: {},
  keyOf: () => ({}),
  // the schema headers only while they are not known, or when forced
  request: ({ payload }, state: { profile: ProfileState }) =>
    api.getMyProfile(payload.force === true || state.profile.headers === null),
  answer: api.profileAnswerSchema,
  succeeded: {
    type: 'profile/loaded',
    shape: { profile: api.profileSchema, headers: z.nullable(api.profileHeadersSchema) },
  },
  result: (data) => ({ profile: data.response.data, headers: data.headers ?? null }),
  failed: 'profile/loadFailed',
});

/** A patch carrying `password` is refused locally (protocol §4.2): nothing is sent. */
export const patchRefused = defineEvent('profile/patchRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
  redact: [],
});

/** The profile fields who-am-I reports (the name the header shows, the language). */
const WHO_AM_I_FIELDS = ['firstname', 'lastname', 'name', 'login', 'bolang'];

/**
 * The changed fields of my profile (protocol §4.1); a plain patch never carries a password
 * (§4.2). Once saved, who-am-I is asked again only when it may have changed (the name, the
 * language); an e-mail changes nothing it reports (issue 12 item 16: one request, as the
 * reference client).
 */
export const patch = defineEndpoint({
  requested: {
    type: 'profile/patchRequested',
    shape: { changes: fieldsSchema },
    redact: personal('changes'),
  },
  flatten: 'exhaust',
  key: {},
  keyOf: () => ({}),
  refuse: (event) =>
    'password' in event.payload.changes ? patchRefused({ message: api.PASSWORD_NOT_PATCHABLE }, event) : null,
  request: ({ payload }) => api.patchMyProfile(payload.changes),
  answer: api.profileAnswerSchema,
  succeeded: { type: 'profile/patched', shape: { profile: api.profileSchema } },
  result: (data) => ({ profile: data.response.data }),
  failed: 'profile/patchFailed',
  followUp: (_data, event) =>
    Object.keys(event.payload.changes).some((field) => WHO_AM_I_FIELDS.includes(field))
      ? [whoAmIRequested({}, event)]
      : [],
});

/**
 * Creates a profile: POST /rest/profil, or /rest/data/{type} when a type is given (protocol §4.1).
 * Without a type, or with `user`, the answer is my profile: it replaces mine and who-am-I is asked
 * again; another type's answer is only reported (`type` in `profile/created`).
 */
export const create = defineEndpoint({
  requested: {
    type: 'profile/createRequested',
    shape: { fields: fieldsSchema, type: z.optional(z.string()) },
    redact: personal('fields'),
  },
  flatten: 'exhaust',
  key: {},
  keyOf: () => ({}),
  request: ({ payload }) => api.createProfile(payload.fields, payload.type),
  answer: api.profileAnswerSchema,
  succeeded: { type: 'profile/created', shape: { profile: api.profileSchema, type: z.optional(z.string()) } },
  result: (data, { payload: { type } }) => ({
    profile: data.response.data,
    ...(type !== undefined && { type }),
  }),
  failed: 'profile/createFailed',
  followUp: (_data, event) => (api.isOwnProfileType(event.payload.type) ? [whoAmIRequested({}, event)] : []),
});
