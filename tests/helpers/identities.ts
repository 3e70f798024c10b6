import { whoAmILoaded } from '../../streams/session/events';

/**
 * Who-am-I answers of the demo server, for tests of domains that follow the identity.
 * @example hot('a', { a: aliceKnown() }).subscribe(store.dispatch)
 */
export const aliceKnown = (locale = 'en') =>
  whoAmILoaded({ me: { id: 1, login: 'alice', locale, isUser: true, role: { watermark: false } } });
export const bobKnown = () =>
  whoAmILoaded({ me: { id: 2, login: 'bob', locale: 'fr', isUser: true, role: { watermark: false } } });
export const visitorKnown = () =>
  whoAmILoaded({ me: { id: 'wedia-demo', application: 'wedia-demo', isApp: true, locale: 'en' } });
