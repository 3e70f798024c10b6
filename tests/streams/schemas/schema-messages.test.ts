import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { combineEpics } from '../../../streams/core/epic';
import type { AnyEvent } from '../../../streams/core/event';
import type { RootState } from '../../../streams/root';
import { domainSchemaName } from '../../../streams/schemas/api';
import { batchSchemaRequests, fetchSchemaDomain } from '../../../streams/schemas/epics';
import { domainRequested, reloadRequested, resolveRequested } from '../../../streams/schemas/events';
import { fieldEditable, fieldRequired, selectSchemaDomain } from '../../../streams/schemas/selectors';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const epics = combineEpics<RootState>({ batchSchemaRequests, fetchSchemaDomain });

function run(input: Parameters<ReturnType<typeof epicStore>['dispatch']>[0], answer: unknown = null) {
  const scheduler = marbleScheduler();
  const events: AnyEvent[] = [];
  let state: RootState | undefined;
  scheduler.run(({ hot }) => {
    const store = epicStore(
      testDeps({ scheduler, http: fakeHttp(() => of({ status: 200, data: answer })) }),
      epics,
    );
    store.event$.subscribe((event) => events.push(event));
    hot('a', { a: input }).subscribe(store.dispatch);
    scheduler.schedule(() => {
      state = store.getState();
    }, 5);
  });
  const messages = events
    .filter((event) => event.type === 'schemas/resolveRefused')
    .map((event) => (event.payload as { message: string }).message);
  return { messages, state: state as RootState };
}

describe('schema messages (seed 002 §5; protocol §11.2)', () => {
  it("'Cannot resolve a schema without a name'", () => {
    expect(run(resolveRequested({ names: [''] })).messages).toEqual([
      'Cannot resolve a schema without a name',
    ]);
  });

  it("'Cannot translate an unknown schema : {name}' on a reload of a schema never asked", () => {
    expect(run(reloadRequested({ name: 'dam/data/ghost' })).messages).toEqual([
      'Cannot translate an unknown schema : dam/data/ghost',
    ]);
  });

  it("a domain entry without a resource: 'Cannot register a schema without a name'; the others are resolved", () => {
    const answer = {
      response: {
        data: [
          { resource: 'asset', name: 'Asset', headers: { name: { type: 'string' } } },
          { name: 'Nameless', headers: {} },
        ],
      },
    };
    const { messages, state } = run(domainRequested({ domain: 'dam' }), answer);
    expect(messages).toEqual(['Cannot register a schema without a name']);
    expect(selectSchemaDomain(state, 'dam')).toMatchObject({ status: 'loaded', names: ['dam/data/asset'] });
    expect(state.schemas.byName['dam/data/asset']?.status).toBe('resolved');
  });

  it('names a domain entry {domain}/data/{resource}, or {domain}/{resource} when the domain holds data', () => {
    expect(domainSchemaName('dam', 'asset')).toBe('dam/data/asset');
    expect(domainSchemaName('dam/data', 'asset')).toBe('dam/data/asset');
  });

  it('a field is editable when cud.create or cud.update is set, required when cud.mandatoryStructure is', () => {
    expect(fieldEditable({ cud: { create: true } })).toBe(true);
    expect(fieldEditable({ cud: { update: true } })).toBe(true);
    expect(fieldEditable({ cud: { create: false, update: false } })).toBe(false);
    expect(fieldEditable({ type: 'string' })).toBe(false);
    expect(fieldRequired({ cud: { mandatoryStructure: true } })).toBe(true);
    expect(fieldRequired({ cud: { mandatoryCreate: true } })).toBe(false);
  });
});
