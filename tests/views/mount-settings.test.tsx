import { describe, expect, it } from 'vitest';
import { defaultApiPath, readMountSettings } from '../../src/app/mount-settings';

const location = { protocol: 'http:', hostname: 'localhost', port: '5173' };

describe('mount settings (protocol §1.1)', () => {
  it('reads wedia-app-* and vue-app-* attributes, camel-cased under "application"', () => {
    const settings = readMountSettings({
      attributes: [
        { name: 'wedia-app-api-path', value: 'https://dam.example.com/' },
        { name: 'vue-app-analytics-session-name', value: 'portal' },
        { name: 'class', value: 'ignored' },
      ],
      env: {},
      location,
      browserLanguage: 'fr-FR',
    });
    expect(settings.connection.apiPath).toBe('https://dam.example.com');
    expect(settings.locale).toBe('fr');
    expect(settings.others).toEqual({ applicationAnalyticsSessionName: 'portal' });
  });

  it('defaults api-path to the origin with an explicit port: 443 for https, 80 for http (§23.22)', () => {
    expect(defaultApiPath({ protocol: 'https:', hostname: 'dam.test', port: '' })).toBe(
      'https://dam.test:443',
    );
    expect(defaultApiPath({ protocol: 'http:', hostname: 'dam.test', port: '' })).toBe('http://dam.test:80');
    expect(defaultApiPath(location)).toBe('http://localhost:5173');
  });

  it('takes build-time VITE_WEDIA_APP_* settings, and mount attributes win over them', () => {
    const settings = readMountSettings({
      attributes: [{ name: 'wedia-app-locale', value: 'de' }],
      env: {
        VITE_WEDIA_APP_LOCALE: 'fr',
        VITE_WEDIA_APP_DAM_URL: 'https://root.test',
        VITE_WEDIA_APP_COOKIEAUTH: 'true',
      },
      location,
      browserLanguage: 'en-US',
    });
    expect(settings.locale).toBe('de');
    expect(settings.connection).toMatchObject({
      apiPath: 'https://root.test',
      cookieAuth: true,
      sessionAuth: false,
    });
  });

  it('keeps application credentials out of the other settings, and needs all three (§3.2)', () => {
    const complete = readMountSettings({
      attributes: [
        { name: 'wedia-app-name', value: 'demo' },
        { name: 'wedia-app-key', value: 'k' },
        { name: 'wedia-app-secret', value: 's' },
        { name: 'wedia-app-csrf-token', value: 'c' },
      ],
      env: {},
      location,
      browserLanguage: 'en',
    });
    expect(complete.credentials).toEqual({ name: 'demo', key: 'k', secret: 's' });
    expect(complete.connection.csrfToken).toBe('c');
    expect(JSON.stringify(complete.others)).not.toMatch(/"k"|"s"|"c"/);
    const partial = readMountSettings({
      attributes: [{ name: 'wedia-app-name', value: 'demo' }],
      env: {},
      location,
      browserLanguage: 'en',
    });
    expect(partial.credentials).toBeNull();
    expect(partial.applicationName).toBe('demo');
  });
});
