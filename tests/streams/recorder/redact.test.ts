import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { type AnyEvent, defineEvent } from '../../../streams/core/event';
import { REDACTED } from '../../../streams/core/redact';
import { serializeLog } from '../../../streams/recorder/log-file';
import { createRecorder } from '../../../streams/recorder/recorder';
import { redactEvent, redactState } from '../../../streams/recorder/redact';
import { added, type CounterState, counterReducer, initialCounterState, noted } from './counter-domain';
import { storeWithoutEpics } from '../../helpers/store-without-epics';

const contacted = defineEvent('counter/contacted', z.object({ email: z.string(), note: z.string() }), {
  source: 'ui',
  redact: (payload) => ({ ...payload, email: 'sha256:hashed' }),
});
const shared = defineEvent(
  'counter/shared',
  z.object({
    owner: z.object({ email: z.string(), name: z.string() }),
    collaborators: z.array(z.object({ email: z.string(), id: z.number() })),
    note: z.string().nullable(),
  }),
  { source: 'server', redact: ['owner.email', 'collaborators[].email', 'note'] },
);
const brokenRedactor = defineEvent('counter/brokenRedactor', z.object({ note: z.string() }), {
  source: 'ui',
  redact: () => {
    throw new Error('bug in a redactor');
  },
});

const PLANTED = ['hunter2', 'tok-123456', 'abc.def.ghi', 'xyz-url-token', 'sekrit-value', 'jane@example.com'];

function stamp<E extends { type: string; payload: unknown; meta: { source: AnyEvent['meta']['source'] } }>(
  event: E,
): AnyEvent {
  return Object.freeze({
    ...event,
    meta: Object.freeze({ ...event.meta, seq: 1, id: 'e1', at: 0 }),
  }) as AnyEvent;
}

describe('redactEvent', () => {
  it("applies the type's own redaction, then the deep safety net", () => {
    const event = stamp(contacted({ email: 'jane@example.com', note: 'Authorization: Bearer abc.def.ghi' }));
    expect(redactEvent(event).payload).toEqual({
      email: 'sha256:hashed',
      note: `Authorization: Bearer ${REDACTED}`,
    });
  });

  it('never mutates the frozen event it is given, and keeps meta as is', () => {
    const payload = Object.freeze({ text: 'x', extra: Object.freeze({ password: 'hunter2' }) });
    const event = stamp(noted(payload));
    const redacted = redactEvent(event);
    expect(event.payload).toBe(payload);
    expect(payload.extra.password).toBe('hunter2');
    expect(redacted.meta).toBe(event.meta);
    expect(redacted.payload).toEqual({ text: 'x', extra: { password: REDACTED } });
  });

  it('masks the values at the paths a type declares, through arrays, and keeps the rest', () => {
    const event = stamp(
      shared({
        owner: { email: 'jane@example.com', name: 'Jane' },
        collaborators: [
          { email: 'bob@example.com', id: 1 },
          { email: 'eve@example.com', id: 2 },
        ],
        note: null,
      }),
    );
    expect(redactEvent(event).payload).toEqual({
      owner: { email: REDACTED, name: 'Jane' },
      collaborators: [
        { email: REDACTED, id: 1 },
        { email: REDACTED, id: 2 },
      ],
      note: null,
    });
    expect(shared.redacts).toEqual(['owner.email', 'collaborators[].email', 'note']);
  });

  it('masks the whole payload when a redactor throws, rather than leak it or break the store', () => {
    expect(redactEvent(stamp(brokenRedactor({ note: 'hunter2' }))).payload).toBe(REDACTED);
  });

  it('leaves events of unknown types to the safety net', () => {
    const event: AnyEvent = {
      type: 'nowhere/seen',
      payload: { token: 't' },
      meta: { seq: 1, id: 'e1', at: 0, source: 'ui' },
    };
    expect(redactEvent(event).payload).toEqual({ token: REDACTED });
  });
});

describe('redactState', () => {
  it('masks credentials but keeps keys, paging tokens and search words, which replays need', () => {
    const state = {
      vault: { accessToken: 'a', refreshToken: 'r', token: 't', csrfToken: 'c', apiKey: 'k' },
      list: { nextResultsToken: 'page2', fulltextTokens: ['cat'], key: 'n-1' },
    };
    expect(redactState(state)).toEqual({
      vault: {
        accessToken: REDACTED,
        refreshToken: REDACTED,
        token: REDACTED,
        csrfToken: REDACTED,
        apiKey: REDACTED,
      },
      list: { nextResultsToken: 'page2', fulltextTokens: ['cat'], key: 'n-1' },
    });
  });

  it('returns a redacted copy and leaves the frozen state untouched', () => {
    const state = Object.freeze({ session: Object.freeze({ csrf: 'c', user: 'u' }) });
    expect(redactState(state)).toEqual({ session: { csrf: REDACTED, user: 'u' } });
    expect(state.session.csrf).toBe('c');
  });
});

describe('an export', () => {
  it('holds none of the planted secrets, neither in events nor in snapshots', () => {
    const recorder = createRecorder<CounterState>({
      capacity: 8,
      snapshotEvery: 3,
      app: { version: '0', commit: 'x' },
    });
    const store = storeWithoutEpics({ reducer: counterReducer, initialState: initialCounterState, recorder });
    const secretNote = () =>
      noted({
        text: 'GET https://dam.example/api/assets?token=xyz-url-token&page=2 with Authorization: Bearer abc.def.ghi',
        extra: {
          password: 'hunter2',
          token: 'tok-123456',
          secret: 'sekrit-value',
          nested: [{ apiToken: 'tok-123456' }],
        },
      });
    // secrets in events before and after the wrap, so that both the snapshot and the events carry them
    for (let round = 0; round < 6; round += 1) {
      store.dispatch(secretNote());
      store.dispatch(contacted({ email: 'jane@example.com', note: 'password=hunter2' }));
      store.dispatch(added({ amount: round }));
    }
    const log = recorder.export();
    expect(log.snapshot).not.toBeNull();
    const text = serializeLog(log);
    for (const secret of PLANTED) expect(text).not.toContain(secret);
    expect(text).toContain(REDACTED);
  });
});
