import { HttpResponse, http } from 'msw';
import { sameOriginPath } from '../../streams/core/safe-url';
import { HOSTILE_URL } from '../hostile';
import type { Application, User } from '../db/users';
import { runtime } from '../runtime';
import { callerOf } from './caller';

const DEFAULT_LOCALE = 'en';

function userMe(user: User) {
  return {
    id: user.id,
    login: user.login,
    firstname: user.firstname,
    lastname: user.lastname,
    locale: user.locale,
    isUser: true,
    isApp: false,
    application: null,
    role: { ...user.role },
    userdata: { contriblangs: user.contriblangs.map(({ code }) => ({ code })) },
  };
}

/**
 * The demo application is not watermarked: visitors browse the public catalogue as the demo has
 * always shown it; only the partner role (carol) sees `_w` variations.
 */
function applicationMe(application: Application, locale: string) {
  return {
    id: application.id,
    locale,
    isUser: false,
    isApp: true,
    application: application.name,
    role: { id: 0, name: 'Application', watermark: false },
    userdata: { contriblangs: [] },
  };
}

/** Identity providers offered on the sign-in screen (protocol §3.1 `providers`). */
export const SSO_PROVIDERS = [
  { id: 'wedia-id', name: 'Wedia ID', type: 'oidc' },
  { id: 'corporate', name: 'Corporate directory', type: 'saml' },
] as const;

/** Only same-site paths: a provider page must not bounce visitors to another site. */
const safeRelativeUrl = (value: string | null): string => sameOriginPath(value) ?? '/';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function ssoUnavailablePage(providerName: string, back: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(providerName)}</title></head><body><main><h1>${escapeHtml(providerName)}</h1><p>Single sign-on is not available on the demo server. Sign in with a demo account instead.</p><p><a href="${escapeHtml(back)}">Back to the portal</a></p></main></body></html>`;
  return new HttpResponse(html, { status: 501, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Who-am-I (protocol §3.1, §3.3) and the single-sign-on config. */
export const identityHandlers = [
  http.get('*/api/json/whoami', ({ request }) => {
    const caller = callerOf(request);
    const lang = new URL(request.url).searchParams.get('lang') || DEFAULT_LOCALE;
    const data =
      caller.kind === 'user'
        ? userMe(caller.user)
        : caller.kind === 'application'
          ? applicationMe(caller.application, lang)
          : {};
    return HttpResponse.json({ response: { data } });
  }),

  http.get('*/api/rest/auth/config', ({ request }) => {
    const url = new URL(request.url);
    const relativeUrl = safeRelativeUrl(url.searchParams.get('relativeURL'));
    const providers = runtime.settings['auth.ssoProviders']
      ? SSO_PROVIDERS.map((provider) => ({
          ...provider,
          url: runtime.settings['hostile.urls']
            ? HOSTILE_URL
            : `${url.origin}/api/rest/auth/sso/${provider.id}?relativeURL=${encodeURIComponent(relativeUrl)}`,
        }))
      : [];
    return HttpResponse.json({ providers });
  }),

  http.get('*/api/rest/auth/sso/:provider', ({ request, params }) => {
    const provider = SSO_PROVIDERS.find((candidate) => candidate.id === params.provider);
    const back = safeRelativeUrl(new URL(request.url).searchParams.get('relativeURL'));
    return ssoUnavailablePage(provider?.name ?? 'Single sign-on', back);
  }),
];
