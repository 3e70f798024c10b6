import { factReceived, receivedFact } from '../tabs/events';
import { caseReducer, on } from '../core/case-reducer';
import { IDLE_REQUEST } from '../core/request-status';
import { isOwnProfileType } from './api';
import { signedOut, whoAmILoaded } from '../session/events';
import { type Me, userIdOf } from '../session/selectors';
import { create, load, patch } from './endpoints';
import {
  identityAdopted,
  localeChanged,
  localeChangeFailed,
  localeChangeRequested,
  patchRefused,
  visitorLocaleChosen,
  visitorLocaleRestored,
} from './events';
import type { Draft } from 'immer';
import type { ProfileState } from './state';

// another user (or none): the profile of the previous one is dropped, a visitor's language stays
function adoptIdentity(draft: Draft<ProfileState>, me: Me): void {
  const owner = userIdOf(me);
  if (owner !== draft.owner)
    Object.assign(draft, { ...IDLE_REQUEST, owner, data: null, patch: IDLE_REQUEST, create: IDLE_REQUEST });
  // who-am-I now carries the picked locale, unless a change is still on its way
  if (draft.locale.status !== 'fetching') draft.locale.requested = null;
}

export const profileReducer = caseReducer<ProfileState>(
  on(whoAmILoaded, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(identityAdopted, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(signedOut, (draft) => {
    Object.assign(draft, {
      ...IDLE_REQUEST,
      owner: null,
      data: null,
      patch: IDLE_REQUEST,
      create: IDLE_REQUEST,
    });
  }),
  ...load.statusCases<ProfileState>((draft) => draft),
  on(load.succeeded, (draft, { payload }) => {
    draft.data = payload.profile;
    if (payload.headers) draft.headers = payload.headers;
  }),
  ...patch.statusCases<ProfileState>((draft) => draft.patch),
  on(patchRefused, (draft, { payload }) => {
    draft.patch = { status: 'error', error: { code: 'error.profile.password', message: payload.message } };
  }),
  on(patch.succeeded, (draft, { payload }) => {
    draft.data = payload.profile;
  }),
  ...create.statusCases<ProfileState>((draft) => draft.create),
  on(create.succeeded, (draft, { payload }) => {
    if (isOwnProfileType(payload.type)) draft.data = payload.profile;
  }),
  on(localeChangeRequested, (draft, { payload }) => {
    Object.assign(draft.locale, { status: 'fetching', error: null, requested: payload.locale });
  }),
  // `requested` stays until who-am-I next answers (it then carries the new locale): who-am-I is
  // not asked again for it, the UI and `lang` follow `requested` meanwhile
  on(localeChanged, (draft, { payload }) => {
    draft.locale.status = 'loaded';
    if (draft.data) draft.data.bolang = payload.locale;
  }),
  on(localeChangeFailed, (draft, { payload, meta }) => {
    Object.assign(draft.locale, {
      status: 'error',
      error: payload.error,
      requested: null,
      ...(meta.cause !== undefined && { requestId: meta.cause }),
    });
  }),
  on(visitorLocaleChosen, (draft, { payload }) => {
    Object.assign(draft.locale, { status: 'loaded', error: null, requested: null, visitor: payload.locale });
  }),
  // another tab changed the language (issue 25): this one follows, as it would its own change
  on(factReceived, (draft, event) => {
    const user = receivedFact(event, localeChanged);
    if (user) {
      Object.assign(draft.locale, { status: 'loaded', error: null, requested: user.locale });
      if (draft.data) draft.data.bolang = user.locale;
    }
    const visitor = receivedFact(event, visitorLocaleChosen);
    if (visitor) Object.assign(draft.locale, { requested: null, visitor: visitor.locale });
  }),
  on(visitorLocaleRestored, (draft, { payload }) => {
    draft.locale.visitor = payload.locale;
  }),
);
