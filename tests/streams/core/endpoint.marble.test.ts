import { BehaviorSubject, filter, lastValueFrom, NEVER, of, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { caseReducer } from '../../../streams/core/case-reducer';
import { defineEndpoint } from '../../../streams/core/endpoint';
import { AppError, ERROR_CODES, serializeError } from '../../../streams/core/errors';
import { type AnyEvent, defineAnswer } from '../../../streams/core/event';
import { createHttp } from '../../../streams/core/http';
import type { Flatten } from '../../../streams/core/request';
import { IDLE_REQUEST, type RequestState } from '../../../streams/core/request-status';
import { SessionVault } from '../../../streams/core/session-vault';
import { marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

/** A call of each flattening operator: `/notes/{id}` answered `{title}`, entries kept by id. */
const notesOf = (flatten: Flatten) =>
  defineEndpoint({
    requested: { type: `endpointTest/${flatten}NoteRequested`, shape: { id: z.string() } },
    flatten,
    key: { id: z.string() },
    keyOf: ({ id }) => ({ id }),
    request: ({ payload }) => ({ method: 'GET', path: `/notes/${payload.id}` }),
    answer: z.object({ title: z.string() }),
    succeeded: { type: `endpointTest/${flatten}NoteLoaded`, shape: { title: z.string() } },
    result: (data) => ({ title: data.title }),
    failed: `endpointTest/${flatten}NoteLoadFailed`,
  });
const notes = {
  switch: notesOf('switch'),
  merge: notesOf('merge'),
  exhaust: notesOf('exhaust'),
  concat: notesOf('concat'),
};

/** Two asks 10 ms apart, each answered 30 ms after it leaves: `marbles` are the answers let through. */
function expectAnswers(flatten: Flatten, marbles: string, answeredIds: { x?: string; y?: string }) {
  const endpoint = notes[flatten];
  marbleScheduler().run(({ cold, hot, expectObservable }) => {
    const http = fakeHttp((request) =>
      cold('30ms (r|)', { r: { status: 200, data: { title: request.path.slice('/notes/'.length) } } }),
    );
    const asks = hot('a 9ms b', {
      a: { ...endpoint.requested({ id: 'n1' }), meta: { source: 'ui' as const, seq: 1, id: 'a', at: 0 } },
      b: { ...endpoint.requested({ id: 'n2' }), meta: { source: 'ui' as const, seq: 2, id: 'b', at: 10 } },
    });
    const cause = { n1: 'a', n2: 'b' } as const;
    const loaded = (id: 'n1' | 'n2') =>
      endpoint.succeeded({ id, title: id }, { meta: { id: cause[id] } as AnyEvent['meta'] });
    const values = Object.fromEntries(
      Object.entries(answeredIds).map(([name, id]) => [name, loaded(id as 'n1' | 'n2')]),
    );
    expectObservable(endpoint.epic(asks, new BehaviorSubject({}), testDeps({ http }))).toBe(marbles, values);
  });
}

describe('defineEndpoint: one declaration gives the events, the epic and the status (issue 23)', () => {
  it('switch: a new ask drops the answer of the one on its way (newest wins)', () => {
    expectAnswers('switch', '40ms y', { y: 'n2' });
  });

  it('merge: every ask is answered, each when its answer comes', () => {
    expectAnswers('merge', '30ms x 9ms y', { x: 'n1', y: 'n2' });
  });

  it('exhaust: an ask while one is on its way is dropped', () => {
    expectAnswers('exhaust', '30ms x', { x: 'n1' });
  });

  it('concat: an ask while one is on its way waits for it, then goes', () => {
    expectAnswers('concat', '30ms x 29ms y', { x: 'n1', y: 'n2' });
  });

  it('a failed request ends in the failed event, with the key and the serialised error', () => {
    marbleScheduler().run(({ cold, hot, expectObservable }) => {
      const endpoint = notes.merge;
      const error = new AppError({ code: ERROR_CODES.http(404), message: 'No such note', status: 404 });
      const http = fakeHttp(() => cold('5ms #', undefined, error));
      const asks = hot('a', {
        a: { ...endpoint.requested({ id: 'n9' }), meta: { source: 'ui' as const, seq: 1, id: 'a', at: 0 } },
      });
      expectObservable(endpoint.epic(asks, new BehaviorSubject({}), testDeps({ http }))).toBe('5ms f', {
        f: endpoint.failed(
          { id: 'n9', error: serializeError(error) },
          { meta: { id: 'a' } as AnyEvent['meta'] },
        ),
      });
    });
  });

  it('an answer the schema refuses is a failure (error.invalidResponse), never a success', async () => {
    const endpoint = notes.concat;
    const vault = new SessionVault();
    const http = createHttp(vault, async () => new Response(JSON.stringify({ heading: 'no title' })));
    const ask = {
      ...endpoint.requested({ id: 'n3' }),
      meta: { source: 'ui' as const, seq: 1, id: 'a', at: 0 },
    };
    const emitted = await lastValueFrom(
      endpoint.epic(of(ask), new BehaviorSubject({}), testDeps({ http })).pipe(toArray()),
    );
    expect(emitted.map((event) => event.type)).toEqual(['endpointTest/concatNoteLoadFailed']);
    expect(emitted[0]?.payload).toMatchObject({ id: 'n3', error: { code: ERROR_CODES.invalidResponse } });
  });

  it('a declared start is emitted as the request leaves; the status goes fetching, loaded, error by key', () => {
    const counted = defineEndpoint({
      requested: { type: 'endpointTest/countRequested', shape: { id: z.string() } },
      flatten: 'merge',
      key: { id: z.string() },
      keyOf: ({ id }) => ({ id }),
      started: 'endpointTest/countStarted',
      request: ({ payload }) => ({ method: 'GET', path: `/counts/${payload.id}` }),
      succeeded: { type: 'endpointTest/countLoaded', shape: {} },
      result: () => ({}),
      failed: 'endpointTest/countFailed',
    });
    marbleScheduler().run(({ hot, expectObservable }) => {
      const asks = hot('a', {
        a: { ...counted.requested({ id: 'c1' }), meta: { source: 'ui' as const, seq: 1, id: 'a', at: 0 } },
      });
      const http = fakeHttp(() => NEVER);
      expectObservable(counted.epic(asks, new BehaviorSubject({}), testDeps({ http }))).toBe('s', {
        s: counted.started({ id: 'c1' }, { meta: { id: 'a' } as AnyEvent['meta'] }),
      });
    });
    type Counts = Record<string, RequestState>;
    const reduce = caseReducer<Counts>(
      ...counted.statusCases<Counts>((draft, key) => (draft[counted.entryKey(key)] ??= { ...IDLE_REQUEST })),
    );
    const error = { code: 'error.network', message: 'offline' };
    const stamp = (event: ReturnType<typeof counted.failed>, cause: string) => ({
      ...event,
      meta: { ...event.meta, seq: 1, id: 'x', at: 0, cause },
    });
    const fetching = reduce({}, stamp(counted.started({ id: 'c1' }) as never, 'a'));
    expect(counted.select(fetching, { id: 'c1' })).toEqual({ status: 'fetching', error: null });
    const failed = reduce(fetching, stamp(counted.failed({ id: 'c1', error }), 'a'));
    expect(counted.select(failed, { id: 'c1' })).toEqual({ status: 'error', error, requestId: 'a' });
    const loaded = reduce(failed, stamp(counted.succeeded({ id: 'c1' }) as never, 'b'));
    expect(counted.select(loaded, { id: 'c1' })).toEqual({ status: 'loaded', error: null });
    expect(counted.select(loaded, { id: 'c2' })).toBeUndefined();
  });

  it('a start may carry more than the key; an answer the state has moved on from is stale; `until` drops a request', () => {
    type Versions = { version: number };
    const outdated = defineAnswer('endpointTest/versionOutdated', { id: z.string() });
    const stale = defineEndpoint({
      requested: { type: 'endpointTest/versionRequested', shape: { id: z.string() }, source: 'system' },
      flatten: 'merge',
      key: { id: z.string() },
      keyOf: ({ id }) => ({ id }),
      started: {
        type: 'endpointTest/versionStarted',
        shape: { asked: z.number() },
        payload: (_event, state: Versions) => ({ asked: state.version }),
      },
      request: ({ payload }) => ({ method: 'GET', path: `/versions/${payload.id}` }),
      answer: z.object({ version: z.number() }),
      stale: (data, event, state) =>
        data.version === state.version ? null : outdated({ id: event.payload.id }, event),
      succeeded: { type: 'endpointTest/versionLoaded', shape: { version: z.number() } },
      result: (data, _event, _deps, state) => ({ version: Math.max(data.version, state.version) }),
      failed: 'endpointTest/versionFailed',
      until: ({ payload }, event$) =>
        event$.pipe(filter((event) => event.type === 'endpointTest/dropped' && event.payload === payload.id)),
    });
    const meta = (id: string) => ({ source: 'system' as const, seq: 1, id, at: 0 });
    const cause = (id: string) => ({ meta: { id } as AnyEvent['meta'] });
    expect(stale.requested({ id: 'v1' }).meta.source).toBe('system');
    marbleScheduler().run(({ cold, hot, expectObservable }) => {
      const http = fakeHttp((request) =>
        cold('10ms (r|)', { r: { status: 200, data: { version: request.path.endsWith('v1') ? 3 : 2 } } }),
      );
      const events = hot('a b c 2ms d', {
        a: { ...stale.requested({ id: 'v1' }), meta: meta('a') },
        b: { ...stale.requested({ id: 'v2' }), meta: meta('b') },
        c: { ...stale.requested({ id: 'v3' }), meta: meta('c') },
        d: { type: 'endpointTest/dropped', payload: 'v3', meta: meta('d') },
      });
      expectObservable(stale.epic(events, new BehaviorSubject({ version: 3 }), testDeps({ http }))).toBe(
        's t u 7ms l f',
        {
          s: stale.started({ id: 'v1', asked: 3 }, cause('a')),
          t: stale.started({ id: 'v2', asked: 3 }, cause('b')),
          u: stale.started({ id: 'v3', asked: 3 }, cause('c')),
          l: stale.succeeded({ id: 'v1', version: 3 }, cause('a')),
          f: outdated({ id: 'v2' }, cause('b')),
        },
      );
    });
  });
});
