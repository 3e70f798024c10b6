import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import * as app from '../../../streams/app/events';
import { type AnyEvent, defineEvent, type UnstampedEvent } from '../../../streams/core/event';
import {
  createLogFile,
  type EventLogFile,
  eventSchemaHash,
  importLog,
  LOG_FORMAT,
  serializeLog,
} from '../../../streams/recorder/log-file';

function stamp(events: UnstampedEvent[]): AnyEvent[] {
  return events.map((event, index) => ({
    ...event,
    meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at: index },
  }));
}

function validLog(): EventLogFile {
  return createLogFile({
    app: { version: '1.0.0', commit: 'abc1234' },
    session: { startedAt: 0, locale: 'en', seed: 42 },
    snapshot: null,
    events: stamp([
      app.infoRequested({}),
      app.availabilityChecked({ available: false, message: 'maintenance' }),
    ]),
  });
}

/** The log as JSON text after `edit` changed its plain-object form. */
// biome-ignore lint/suspicious/noExplicitAny: the edits break the file's shape on purpose
function edited(edit: (log: Record<string, any>) => void): string {
  const log = JSON.parse(serializeLog(validLog()));
  edit(log);
  return JSON.stringify(log);
}

describe('importLog', () => {
  it('is Fine for a log this app wrote', () => {
    const result = importLog(serializeLog(validLog()));
    expect(result).toEqual({ verdict: 'Fine', reasons: [], log: validLog() });
  });

  it('is Impossible for text that is not JSON', () => {
    const result = importLog('{"format": "dam-portal.eventlog",');
    expect(result.verdict).toBe('Impossible');
    expect(result.reasons[0]).toMatch(/^not JSON: /);
  });

  it('is Impossible for JSON that is not an object', () => {
    expect(importLog('[1, 2]')).toEqual({
      verdict: 'Impossible',
      reasons: ['not an event log: the file is not a JSON object'],
    });
  });

  it('is Impossible for another format, saying which', () => {
    expect(importLog(edited((log) => (log.format = 'redux-devtools')))).toEqual({
      verdict: 'Impossible',
      reasons: [`format is "redux-devtools", expected "${LOG_FORMAT}"`],
    });
  });

  it('is Impossible for another version', () => {
    expect(importLog(edited((log) => (log.version = 2)))).toEqual({
      verdict: 'Impossible',
      reasons: ['version is 2, this app reads 1'],
    });
  });

  it('is Impossible when a field is missing or mistyped, naming the paths', () => {
    const result = importLog(
      edited((log) => {
        delete log.session.locale;
        log.events[1].meta.seq = 'two';
        delete log.events[0].payload;
      }),
    );
    expect(result.verdict).toBe('Impossible');
    expect(result.reasons).toEqual([
      expect.stringMatching(/^session\.locale: /),
      expect.stringMatching(/^events\[0\]\.payload: /),
      expect.stringMatching(/^events\[1\]\.meta\.seq: /),
    ]);
  });

  it('names the first few invalid paths and counts the rest', () => {
    const result = importLog(
      edited((log) => log.events.push(...Array.from({ length: 8 }, () => ({ type: 'x' })))),
    );
    expect(result.verdict).toBe('Impossible');
    expect(result.reasons).toHaveLength(6);
    expect(result.reasons[5]).toMatch(/^\.\.\. and \d+ more invalid paths$/);
  });

  it('is Risky when the event schema hash differs', () => {
    const result = importLog(edited((log) => (log.app.eventSchemaHash = 'h64:0000')));
    expect(result.verdict).toBe('Risky');
    expect(result.reasons).toEqual([
      `event schema hash differs: the log has h64:0000, this app ${eventSchemaHash()}`,
    ]);
    expect(result).toHaveProperty('log');
  });

  it('is Risky for events of unknown types, listing them', () => {
    const result = importLog(edited((log) => (log.events[1].type = 'carts/vanished')));
    expect(result).toMatchObject({
      verdict: 'Risky',
      reasons: ['1 events of unknown types: carts/vanished (seq 2)'],
    });
  });

  it('is Risky for payloads that fail their schema, saying where', () => {
    const result = importLog(edited((log) => (log.events[1].payload.available = 'no')));
    expect(result.verdict).toBe('Risky');
    expect(result.reasons).toEqual([
      expect.stringMatching(
        /^1 payloads fail their schema: app\/availabilityChecked \(seq 2\) at payload\.available: /,
      ),
    ]);
  });

  it('is Risky for events out of seq order, or not after the snapshot', () => {
    const result = importLog(
      edited((log) => {
        log.snapshot = { seq: 1, state: {} };
      }),
    );
    expect(result).toMatchObject({
      verdict: 'Risky',
      reasons: ['1 events out of seq order: app/infoRequested (seq 1) after seq 1'],
    });
  });
});

describe('serializeLog', () => {
  it('writes one event per line and reads back to the same log', () => {
    const log = validLog();
    const text = serializeLog(log);
    expect(JSON.parse(text)).toEqual(log);
    const eventLines = text.split('\n').filter((line) => line.trimStart().startsWith('{"type"'));
    expect(eventLines).toHaveLength(log.events.length);
  });

  it('writes an empty event list as valid JSON', () => {
    const log = { ...validLog(), events: [] };
    expect(JSON.parse(serializeLog(log))).toEqual(log);
  });
});

describe('eventSchemaHash', () => {
  it('is stable and changes when an event type is added', () => {
    const before = eventSchemaHash();
    expect(before).toMatch(/^h64:[0-9a-f]{16}$/);
    expect(eventSchemaHash()).toBe(before);
    defineEvent('hashTest/added', z.object({ when: z.date() }), { source: 'ui' });
    expect(eventSchemaHash()).not.toBe(before);
  });
});
