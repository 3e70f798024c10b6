import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { serializeLog } from '../../streams/recorder/log-file';
import { replayCommand } from '../../scripts/replay-command';
import { allDomains, rootEpic } from '../helpers/all-domains';
import { recordSession, visitWithRetry } from './recorded-sessions';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** `npm run replay -- ...args` in this process (setup-node loaded every domain, as the script does). */
function replay(...args: string[]): { code: number; stdout: string; stderr: string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = replayCommand(
    args,
    { log: (text) => stdout.push(`${text}\n`), error: (text) => stderr.push(`${text}\n`) },
    allDomains,
  );
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** The script itself, as npm runs it: node with the tsx loader, as `tsx scripts/replay.ts` does. */
function replayProcess(...args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay.ts', ...args],
      { cwd: root },
      (error, stdout) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout });
      },
    );
  });
}

describe('scripts/replay.ts', () => {
  it('runs in a process of its own: every domain loaded, the exit code set', { timeout: 60_000 }, async ({
    expect,
  }) => {
    const { code, stdout } = await replayProcess(fixture('app-start.evlog.json'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Import: (Fine|Risky)/);
    expect(stdout).toContain('Events:   10 (seq 1..10');
    const missing = await replayProcess(join(tmpdir(), 'no-such-log.evlog.json'));
    expect(missing.code).toBe(1);
  });

  it('prints the verdict and the summary of the state the log folds to', ({ expect }) => {
    const { code, stdout } = replay(fixture('app-start.evlog.json'));
    expect(code).toBe(0);
    // Risky only once the catalogue changed since the fixture was written (make-fixtures.ts)
    expect(stdout).toMatch(/^Import: (Fine|Risky)/);
    expect(stdout).toContain('Session:  started 2026-01-05T09:30:00.000Z, locale fr, seed 42');
    expect(stdout).toContain('Base:     initial state');
    expect(stdout).toContain('Events:   10 (seq 1..10, 9.0 s from 2026-01-05T09:30:00.000Z), 3 failures');
    expect(stdout).toMatch(/By domain:\n {2}app +5\n {2}logs +3\n {2}router +1\n {2}system +1\n/);
    expect(stdout).toMatch(/Statuses in state:\n(?: {2}\S+ +\d+\n)*? {2}resolved +\d+\n/);
    expect(stdout).toContain('Errors in state: 3');
    expect(stdout).toContain('  app.availability.error  error.http.503  Service Unavailable');
    expect(stdout).toContain('  system.shownError.error  error.wedia-vue.untrapped  x is undefined');
  });

  it('prints the summary as JSON with --json, from the snapshot of a wrapped log', ({ expect }) => {
    const { code, stdout } = replay(fixture('logs-wrapped.evlog.json'), '--json');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      verdict: expect.stringMatching(/^(Fine|Risky)$/),
      base: { snapshotSeq: 25 },
      summary: {
        events: 8,
        firstSeq: 26,
        lastSeq: 33,
        byDomain: { logs: 7, router: 1 },
        errors: [{ path: 'logs.lastError', code: 'error.network', message: 'Network error' }],
      },
    });
  });

  it('refuses an Impossible log with exit code 1, saying why', ({ expect }) => {
    const file = join(mkdtempSync(join(tmpdir(), 'replay-cli-')), 'bad.evlog.json');
    writeFileSync(file, JSON.stringify({ format: 'dam-portal.eventlog', version: 1, events: [] }));
    const { code, stdout, stderr } = replay(file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Import: Impossible\n {2}- app: /);
    expect(stderr).toContain('refused');
  });

  it('prints the usage with exit code 2 without a file', ({ expect }) => {
    const { code, stderr } = replay();
    expect(code).toBe(2);
    expect(stderr).toContain('usage: npm run replay -- <file.evlog.json> [--json]');
  });

  it('prints the part of the state at a path, folded until a seq (--until, --print)', ({ expect }) => {
    const { events } = JSON.parse(readFileSync(fixture('visit-with-retry.evlog.json'), 'utf8')) as {
      events: Array<{ type: string; meta: { seq: number } }>;
    };
    const failedAt = events.find((event) => event.type === 'app/infoLoadFailed')!.meta.seq;
    const { code, stdout } = replay(
      fixture('visit-with-retry.evlog.json'),
      '--until',
      String(failedAt),
      '--print',
      'app.info',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'error', error: { code: 'error.http.500' } });
    const later = replay(fixture('visit-with-retry.evlog.json'), '--print', 'app.info.status');
    expect(later.stdout.trim()).toBe('"resolved"');
  });

  it('re-simulates a session recorded with the whole root epic without divergence (--resimulate)', ({
    expect,
  }) => {
    const file = join(mkdtempSync(join(tmpdir(), 'replay-cli-')), 'session.evlog.json');
    writeFileSync(file, serializeLog(recordSession(visitWithRetry, rootEpic)));
    const { code, stdout } = replay(file, '--resimulate');
    expect(stdout).toMatch(/^Re-simulation: (\d+) of \1 events reproduced/);
    expect(stdout).toContain('No divergence');
    expect(code).toBe(0);
  });

  it('reports the first divergence with exit code 3 (--resimulate)', ({ expect }) => {
    // recorded with the shell's epics only: the root epic's other domains add events
    const recorded = recordSession(visitWithRetry);
    const file = join(mkdtempSync(join(tmpdir(), 'replay-cli-')), 'session.evlog.json');
    writeFileSync(
      file,
      serializeLog({ ...recorded, events: recorded.events.filter((e) => e.type !== 'logs/batchSent') }),
    );
    const { code, stdout } = replay(file, '--resimulate');
    expect(code).toBe(3);
    expect(stdout).toMatch(
      /First divergence at event #\d+ \((type|extra|payload|missing)[^\n]*\):\n {2}expected /,
    );
  });
});
