/**
 * Folds a recorded `*.evlog.json` through today's reducers (epics off) and summarises the state
 * it ends in: the first look at a user's "Report a problem" file.
 *   npm run replay -- <file.evlog.json> [--json]
 */
import { readFileSync } from 'node:fs';
import { type EventLogFile, importLog, type ImportResult } from '../streams/recorder/log-file';
import { type ReplaySummary, replayLog, summarizeState } from '../streams/recorder/replay';
import { initialRootState, rootReducer } from '../streams/root';

const USAGE = 'usage: npm run replay -- <file.evlog.json> [--json]';
/** state errors printed in text mode; --json has them all */
const SHOWN_ERRORS = 20;

function main(args: string[]): number {
  const json = args.includes('--json');
  const files = args.filter((arg) => !arg.startsWith('--'));
  const [file] = files;
  if (
    file === undefined ||
    files.length > 1 ||
    args.some((arg) => arg.startsWith('--') && arg !== '--json')
  ) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (thrown) {
    console.error(`cannot read ${file}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    return 1;
  }

  const result = importLog(text);
  if (result.verdict === 'Impossible') {
    if (json)
      console.log(JSON.stringify({ file, verdict: result.verdict, reasons: result.reasons }, null, 2));
    else console.log(verdictText(result));
    console.error('refused: this log cannot be replayed');
    return 1;
  }

  const started = performance.now();
  const state = replayLog(result.log, rootReducer, initialRootState);
  const replayMs = performance.now() - started;
  const summary = summarizeState(state, result.log.events);
  if (json) {
    const { app, session, snapshot } = result.log;
    const base = snapshot ? { snapshotSeq: snapshot.seq } : 'initial state';
    console.log(
      JSON.stringify(
        { file, verdict: result.verdict, reasons: result.reasons, app, session, base, replayMs, summary },
        null,
        2,
      ),
    );
  } else {
    console.log(
      [
        verdictText(result),
        logText(result.log),
        summaryText(summary),
        `Replayed in ${replayMs.toFixed(1)} ms`,
      ].join('\n\n'),
    );
  }
  return 0;
}

function verdictText(result: ImportResult): string {
  return [`Import: ${result.verdict}`, ...result.reasons.map((reason) => `  - ${reason}`)].join('\n');
}

function logText(log: EventLogFile): string {
  const { app, session, snapshot } = log;
  return [
    `App:      ${app.version} (${app.commit}), event schema ${app.eventSchemaHash.slice(0, 19)}...`,
    `Session:  started ${isoTime(session.startedAt)}, locale ${session.locale}, seed ${session.seed ?? 'none'}`,
    `Base:     ${snapshot ? `snapshot at seq ${snapshot.seq}` : 'initial state'}`,
  ].join('\n');
}

function summaryText(summary: ReplaySummary): string {
  const lines = [
    summary.events === 0
      ? 'Events:   0'
      : `Events:   ${summary.events} (seq ${summary.firstSeq}..${summary.lastSeq}, ${seconds(summary.spanMs)} from ${isoTime(summary.firstAt ?? 0)}), ${summary.failures} failures`,
    table('By domain', summary.byDomain),
    table('By source', summary.bySource),
    table('Statuses in state', summary.statuses),
    `Errors in state: ${summary.errors.length}`,
    ...summary.errors
      .slice(0, SHOWN_ERRORS)
      .map(({ path, code, message }) => `  ${path}  ${code}  ${message}`),
  ];
  if (summary.errors.length > SHOWN_ERRORS)
    lines.push(`  ... and ${summary.errors.length - SHOWN_ERRORS} more (--json)`);
  return lines.join('\n');
}

function table(title: string, counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  if (entries.length === 0) return `${title}: none`;
  const width = Math.max(...entries.map(([name]) => name.length));
  return [`${title}:`, ...entries.map(([name, count]) => `  ${name.padEnd(width)}  ${count}`)].join('\n');
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

process.exitCode = main(process.argv.slice(2));
