import { started } from '../../streams/app/events';

type StartPayload = Parameters<typeof started>[0];

/**
 * The `app/started` event of a visitor on the demo server, with any field changed.
 * @example fold([appStarted({ locale: 'fr' })])
 */
export function appStarted(overrides: Partial<StartPayload> = {}) {
  return started({
    locale: 'en',
    apiPath: 'http://localhost:80',
    path: '/',
    search: '',
    applicationName: 'wedia-demo',
    hasApplicationCredentials: true,
    cookieAuth: false,
    sessionAuth: false,
    settings: {},
    ...overrides,
  });
}
