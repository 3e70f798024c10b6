import type { ApplicationCredentials, ConnectionSettings } from '../../streams/core/session-vault';

/**
 * Reads the host page's settings (protocol §1.1): attributes `wedia-app-*` or `vue-app-*` on the
 * mount element, prefix stripped, `application-` prefixed and camel-cased
 * (`wedia-app-api-path` -> `applicationApiPath`). Build-time `VITE_WEDIA_APP_*` variables give the
 * same settings (`VITE_WEDIA_APP_API_PATH`); the mount attributes win.
 */
interface MountSettings {
  connection: ConnectionSettings;
  locale: string;
  credentials: ApplicationCredentials | null;
  applicationName: string | null;
  /** the other settings, secrets left out */
  others: Record<string, string>;
}

const ATTRIBUTE_PREFIX = /^(wedia|vue)-app-/;
const ENV_PREFIX = 'VITE_WEDIA_APP_';
const SECRET_SETTINGS = new Set(['applicationKey', 'applicationSecret', 'applicationCsrfToken']);
const CONSUMED_SETTINGS = new Set([
  'applicationApiPath',
  'applicationDamUrl',
  'applicationUrl',
  'applicationApiUrl',
  'applicationLocale',
  'applicationName',
  'applicationCookieauth',
  'applicationSessionauth',
  'applicationContext',
]);

function settingName(kebab: string): string {
  return `application-${kebab}`
    .toLowerCase()
    .replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function flag(value: string | undefined): boolean {
  return value === 'true';
}

/** protocol §1.1: the page origin with the port made explicit (443 for https, 80 for http). */
export function defaultApiPath(location: { protocol: string; hostname: string; port: string }): string {
  const port = location.port || (location.protocol === 'https:' ? '443' : '80');
  return `${location.protocol}//${location.hostname}:${port}`;
}

export function readMountSettings(input: {
  attributes: Iterable<{ name: string; value: string }>;
  env: Record<string, string | boolean | undefined>;
  location: { protocol: string; hostname: string; port: string };
  browserLanguage: string;
}): MountSettings {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.env)) {
    if (name.startsWith(ENV_PREFIX) && typeof value === 'string' && value !== '') {
      raw[settingName(name.slice(ENV_PREFIX.length).replace(/_/g, '-'))] = value;
    }
  }
  for (const { name, value } of input.attributes) {
    if (ATTRIBUTE_PREFIX.test(name)) raw[settingName(name.replace(ATTRIBUTE_PREFIX, ''))] = value;
  }

  // damUrl, url and apiUrl all name the same root (protocol §23.22)
  const root =
    raw.applicationApiPath ??
    raw.applicationDamUrl ??
    raw.applicationUrl ??
    raw.applicationApiUrl ??
    defaultApiPath(input.location);
  const connection: ConnectionSettings = {
    apiPath: root.replace(/\/+$/, ''),
    cookieAuth: flag(raw.applicationCookieauth),
    sessionAuth: flag(raw.applicationSessionauth),
  };
  if (raw.applicationCsrfToken) connection.csrfToken = raw.applicationCsrfToken;
  if (raw.applicationContext) connection.context = raw.applicationContext;

  const { applicationName: name, applicationKey: key, applicationSecret: secret } = raw;
  const others: Record<string, string> = {};
  for (const [setting, value] of Object.entries(raw)) {
    if (!SECRET_SETTINGS.has(setting) && !CONSUMED_SETTINGS.has(setting)) others[setting] = value;
  }
  return {
    connection,
    locale: raw.applicationLocale ?? (input.browserLanguage.split(/[-_]/)[0] || 'en'),
    credentials: name && key && secret ? { name, key, secret } : null,
    applicationName: name ?? null,
    others,
  };
}
