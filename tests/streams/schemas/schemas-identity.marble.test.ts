import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics, type Epic } from '../../../streams/core/epic';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';
import { resolveRequested } from '../../../streams/schemas/events';
import { selectCanCreate, selectSchemaFields } from '../../../streams/schemas/selectors';
import { localeChangeRequested } from '../../../streams/profile/events';
import {
  autoConnectStarted,
  providerRegistered,
  providerSignedIn,
  tokenReceived,
  whoAmIRequested,
} from '../../../streams/session/events';
import { assetHeaders } from '../cursors/fixtures';
import { aliceKnown, bobKnown } from '../../helpers/identities';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const schemaEpics: Epic<RootState> = domainEpics<RootState>(schemasDomain);
const asset = resolveRequested({ names: ['dam/data/asset'] });

/** A reload with a stored refresh token: the provider is registered and auto-connect is on its way. */
const reloading = [providerRegistered({ locale: 'en' }), autoConnectStarted({})];
const signedIn = [
  tokenReceived({ surfer: 'user', iat: 0, exp: 3600, via: 'autoConnect' }),
  providerSignedIn({ surfer: 'user' }),
  whoAmIRequested({}),
];

describe('schemas wait for the identity (issue 12 item 15)', () => {
  it('asks the headers only once who-am-I answered for the stored refresh token', () => {
    const scheduler = marbleScheduler();
    const askedAt: number[] = [];
    scheduler.run(({ hot, expectObservable }) => {
      const http = fakeHttp(() => {
        askedAt.push(scheduler.now());
        return of({ status: 200, data: assetHeaders });
      });
      const store = epicStore(testDeps({ scheduler, http }), schemaEpics);
      for (const event of reloading) store.dispatch(event);
      // the search screen asks its schema while the refresh token is being exchanged
      hot('10ms a', { a: asset }).subscribe(store.dispatch);
      hot('100ms a', { a: signedIn }).subscribe((events) => {
        for (const event of events) store.dispatch(event);
      });
      hot('300ms a', { a: aliceKnown() }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'schemas/batchRequested')).toBe('300ms a', {
        a: 'schemas/batchRequested',
      });
    });
    expect(askedAt).toEqual([300]);
  });

  it("a visitor's application token asks the headers beside who-am-I, not after it (issue 22)", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const http = fakeHttp(() => of({ status: 200, data: assetHeaders }));
      const store = epicStore(testDeps({ scheduler, http }), schemaEpics);
      store.dispatch(providerRegistered({ locale: 'en' }));
      hot('10ms a', { a: asset }).subscribe(store.dispatch);
      // the application's sign-in answers at 100 ms; who-am-I is asked then and has not answered
      hot('100ms a', {
        a: [
          tokenReceived({ surfer: 'application', iat: 0, exp: 3600, via: 'signIn' }),
          providerSignedIn({ surfer: 'application' }),
          whoAmIRequested({}),
        ],
      }).subscribe((events) => {
        for (const event of events) store.dispatch(event);
      });
      expectObservable(typesOf(store, 'schemas/batchRequested')).toBe('100ms a', {
        a: 'schemas/batchRequested',
      });
    });
  });

  it("another user's rights are asked when a screen next needs the schema; the same user again asks nothing", () => {
    const scheduler = marbleScheduler();
    const askedAt: number[] = [];
    const insert: Array<[number, boolean]> = [];
    scheduler.run(({ hot }) => {
      const http = fakeHttp(() => {
        askedAt.push(scheduler.now());
        // the server answers for the caller: alice may insert, bob may not
        const security = { 'objectdata/insert': askedAt.length === 1 };
        return of({ status: 200, data: { ...assetHeaders, $security: security } });
      });
      const store = epicStore(testDeps({ scheduler, http }), schemaEpics);
      store.state$.subscribe((state) => {
        const can = selectCanCreate(state, 'dam/data/asset');
        if (insert.at(-1)?.[1] !== can) insert.push([scheduler.now(), can]);
      });
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      hot('10ms a', { a: asset }).subscribe(store.dispatch);
      hot('100ms a 99ms b', { a: aliceKnown('fr'), b: bobKnown() }).subscribe(store.dispatch);
      // the screen that shows the schema asks for it again
      hot('400ms a', { a: asset }).subscribe(store.dispatch);
    });
    expect(askedAt).toEqual([10, 400]);
    // alice's right is not kept for bob: it no longer counts from the change, bob's answer says no
    expect(insert).toEqual([
      [0, false],
      [10, true],
      [200, false],
    ]);
  });
});

describe('schemas follow the language picked (issue 28)', () => {
  it('asks a resolved schema again, in the language picked, when a screen next needs it', () => {
    const scheduler = marbleScheduler();
    const askedAt: number[] = [];
    const labels: string[] = [];
    scheduler.run(({ hot }) => {
      const http = fakeHttp(() => {
        askedAt.push(scheduler.now());
        // the server names the field in the request's language (protocol §1.4)
        const label = askedAt.length === 1 ? 'Name' : 'Nom';
        const headers = { ...assetHeaders.headers, name: { type: 'string', label } };
        return of({ status: 200, data: { ...assetHeaders, headers } });
      });
      const store = epicStore(testDeps({ scheduler, http }), schemaEpics);
      store.state$.subscribe((state) => {
        const label = selectSchemaFields(state, 'dam/data/asset').name?.label;
        if (label && labels.at(-1) !== label) labels.push(label);
      });
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      hot('10ms a', { a: asset }).subscribe(store.dispatch);
      hot('100ms a', { a: localeChangeRequested({ locale: 'fr' }) }).subscribe(store.dispatch);
      // who-am-I then gives the locale saved: the same user, nothing more to do
      hot('200ms a', { a: aliceKnown('fr') }).subscribe(store.dispatch);
      // the asset page opens again and asks for its schema
      hot('300ms a', { a: asset }).subscribe(store.dispatch);
    });
    // the English labels stand until then: nothing is asked for a screen nobody sees
    expect(askedAt).toEqual([10, 300]);
    expect(labels).toEqual(['Name', 'Nom']);
  });
});
