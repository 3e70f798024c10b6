import { HttpResponse, http } from 'msw';

/** Server config (protocol §3.1): a bare body, not a REST envelope. */
export const configHandlers = [
  http.get('*/api/rest/config', () =>
    HttpResponse.json({
      versions: { engine: '11.4.0-demo' },
      setup: { dxm: false, connection: { mfaonly: false } },
      typeEnv: 'demo',
      locale: 'en',
    }),
  ),
];
