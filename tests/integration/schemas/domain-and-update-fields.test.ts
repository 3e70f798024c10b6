import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { combineEpics } from '../../../streams/core/epic';
import type { RootState } from '../../../streams/root';
import { fetchSchemaDomain, fetchUpdateFields } from '../../../streams/schemas/epics';
import { domainRequested, updateFieldsRequested } from '../../../streams/schemas/events';
import {
  fieldEditable,
  fieldRequired,
  selectSchema,
  selectSchemaDomain,
  selectUpdateFields,
} from '../../../streams/schemas/selectors';
import { portalAs } from '../../helpers/demo-portal';

const epics = combineEpics<RootState>({ fetchSchemaDomain, fetchUpdateFields });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

describe('schema domain headers (protocol §11.1: GET /rest/{domain}?headers=true&rscSecurity)', () => {
  it('resolves every schema of the domain as {domain}/data/{resource}, with the rights of the caller', async () => {
    const { store, next } = await portalAs('alice', epics);
    const loaded = next('schemas/domainLoaded', 'schemas/domainFailed');
    store.dispatch(domainRequested({ domain: 'dam' }));
    expect((await loaded).type).toBe('schemas/domainLoaded');
    const state = store.getState();
    expect(selectSchemaDomain(state, 'dam')).toMatchObject({ status: 'loaded' });
    expect([...selectSchemaDomain(state, 'dam').names].sort()).toEqual([
      'dam/data/ai_concepts',
      'dam/data/asset',
      'dam/data/assetnature',
      'dam/data/category',
      'dam/data/keyword',
    ]);
    const asset = selectSchema(state, 'dam/data/asset');
    expect(asset?.status).toBe('resolved');
    expect(asset?.body?.security['objectdata/insert']).toBe(true);
    expect(fieldEditable(asset?.body?.fields.name)).toBe(true);
    expect(fieldRequired(asset?.body?.fields.name)).toBe(true);
  });

  it('is refused to a visitor (401), as a real server would; the domain is in error', async () => {
    const { store, next } = await portalAs(null, epics);
    const failed = next('schemas/domainLoaded', 'schemas/domainFailed');
    store.dispatch(domainRequested({ domain: 'dam' }));
    expect((await failed).type).toBe('schemas/domainFailed');
    expect(selectSchemaDomain(store.getState(), 'dam')).toMatchObject({
      status: 'error',
      error: { status: 401 },
    });
  });

  it("refuses a domain without a name before anything is sent ('Cannot register a schema domain without a name')", async () => {
    const { store, events } = await portalAs('alice', epics);
    store.dispatch(domainRequested({ domain: '' }));
    expect(events.map((event) => event.type)).toEqual(['schemas/domainRequested', 'schemas/resolveRefused']);
    expect(events[1]?.payload).toMatchObject({ message: 'Cannot register a schema domain without a name' });
  });
});

describe('update fields (protocol §11.1: GET /json/update/{dotted}.update/headers)', () => {
  it('reads inputs.properties of the updatable fields for a signed-in user', async () => {
    const { store, next } = await portalAs('alice', epics);
    const loaded = next('schemas/updateFieldsLoaded', 'schemas/updateFieldsFailed');
    store.dispatch(updateFieldsRequested({ name: 'dam/data/asset' }));
    expect((await loaded).type).toBe('schemas/updateFieldsLoaded');
    const { status, fields } = selectUpdateFields(store.getState(), 'dam/data/asset');
    expect(status).toBe('loaded');
    expect(fields?.name).toMatchObject({ type: 'string', mandatory: true });
    expect(fields?.filename).toBeUndefined();
  });

  it("a refusal or an unknown schema reads 'error fetching update fields' (seed 002 §8)", async () => {
    const visitor = await portalAs(null, epics);
    const refused = visitor.next('schemas/updateFieldsFailed');
    visitor.store.dispatch(updateFieldsRequested({ name: 'dam/data/asset' }));
    await refused;
    expect(selectUpdateFields(visitor.store.getState(), 'dam/data/asset').error).toMatchObject({
      status: 401,
      message: expect.stringMatching(/^error fetching update fields: /),
    });
    const alice = await portalAs('alice', epics);
    const missing = alice.next('schemas/updateFieldsFailed');
    alice.store.dispatch(updateFieldsRequested({ name: 'dam/data/nothing' }));
    await missing;
    expect(selectUpdateFields(alice.store.getState(), 'dam/data/nothing').error).toMatchObject({
      status: 404,
      message: expect.stringMatching(/^error fetching update fields: /),
    });
  });
});
