/**
 * What `npm run replay` does (scripts/replay.ts): folds a recorded `*.evlog.json` through today's
 * reducers (epics off) and summarises the state it ends in, the first look at a user's "Report a
 * problem" file. A function of its own so that its tests call it without starting a process.
 */
import { readFileSync } from 'node:fs';
import { type EventLogFile, importLog, type ImportResult } from '../streams/recorder/log-file';
import { foldUntil, type ReplaySummary, replayLog, summarizeState } from '../streams/recorder/replay';
import { REFUSALS, type ResimulationResult, resimulate } from '../streams/recorder/resimulate';
import { initialRootState, type PortalDomains } from '../streams/root';

const USAGE =
  'usage: npm run replay -- <file.evlog.json> [--json] [--until <seq>] [--print <path>] [--resimulate]';
/** state errors printed in text mode; --json has them all */
const SHOWN_ERRORS = 20;

interface Options {
  file: string;
  json: boolean;
  /** fold only the events up to this seq */
  until: number | null;
  /** print the part of the state at this dotted path (`app.info.data`) instead of the summary */
  print: string | null;
  resimulate: boolean;
}

function parseArgs(args: string[]): Options | null {
  const options: Partial<Options> = { json: false, until: null, print: null, resimulate: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--resimulate') options.resimulate = true;
    else if (arg === '--until') {
      const seq = Number(args[++i]);
      if (!Number.isInteger(seq)) return null;
      options.until = seq;
    } else if (arg === '--print') {
      const path = args[++i];
      if (path === undefined) return null;
      options.print = path;
    } else if (arg.startsWith('--') || options.file !== undefined) return null;
    else options.file = arg;
  }
  return options.file === undefined ? null : (options as Options);
}

/** `a.b[2].c` or `a.b.2.c` */
function readPath(state: unknown, path: string): unknown {
  let node = state;
  for (const key of path.split(/[.[\]]+/).filter(Boolean)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Where the command writes: the console, or a test's lines. */
export interface ReplayOutput {
  log(text: string): void;
  error(text: string): void;
}

/** Every domain's reducer and epics, their code loaded (`PortalDomains.loadAll`). */
type LoadedDomains = Pick<PortalDomains, 'reducer' | 'epic'>;

/**
 * Runs the command with its arguments; answers its exit code (0 done, 1 refused or unreadable,
 * 2 usage, 3 diverged, 4 not re-simulated).
 */
export function replayCommand(args: string[], out: ReplayOutput, domains: LoadedDomains): number {
  const options = parseArgs(args);
  if (!options) {
    out.error(USAGE);
    return 2;
  }
  const { file, json } = options;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (thrown) {
    out.error(`cannot read ${file}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    return 1;
  }

  const result = importLog(text);
  if (result.verdict === 'Impossible') {
    if (json) out.log(JSON.stringify({ file, verdict: result.verdict, reasons: result.reasons }, null, 2));
    else out.log(verdictText(result));
    out.error('refused: this log cannot be replayed');
    return 1;
  }

  if (options.resimulate) return printResimulation(file, result.log, json, out, domains);
  const started = performance.now();
  let state: unknown;
  try {
    state =
      options.until === null
        ? replayLog(result.log, domains.reducer, initialRootState)
        : foldUntil(result.log, options.until, domains.reducer, initialRootState);
  } catch (thrown) {
    out.error(thrown instanceof Error ? thrown.message : String(thrown));
    return 1;
  }
  const replayMs = performance.now() - started;
  if (options.print !== null) {
    const part = readPath(state, options.print);
    out.log(part === undefined ? 'undefined' : JSON.stringify(part, null, 2));
    return part === undefined ? 1 : 0;
  }
  const folded =
    options.until === null
      ? result.log.events
      : result.log.events.filter((e) => e.meta.seq <= options.until!);
  const summary = summarizeState(state, folded);
  if (json) {
    const { app, session, snapshot } = result.log;
    const base = snapshot ? { snapshotSeq: snapshot.seq } : 'initial state';
    out.log(
      JSON.stringify(
        { file, verdict: result.verdict, reasons: result.reasons, app, session, base, replayMs, summary },
        null,
        2,
      ),
    );
  } else {
    out.log(
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

/** Exit code 3 when the run diverged from the recording, 4 when the log cannot be re-simulated. */
function printResimulation(
  file: string,
  log: EventLogFile,
  json: boolean,
  out: ReplayOutput,
  domains: LoadedDomains,
): number {
  const started = performance.now();
  const result = resimulate(log, {
    reducer: domains.reducer,
    rootEpic: domains.epic,
    initialState: initialRootState,
  });
  const ms = performance.now() - started;
  if (json) out.log(JSON.stringify({ file, resimulation: result, ms }, null, 2));
  else out.log(resimulationText(result, log, ms));
  if (result.refused) return 4;
  return result.divergence ? 3 : 0;
}

function resimulationText(result: ResimulationResult, log: EventLogFile, ms: number): string {
  const start = log.events[0]?.meta.at ?? 0;
  const lines = [
    `Re-simulation: ${result.matched} of ${log.events.length} events reproduced in ${ms.toFixed(1)} ms`,
  ];
  const { divergence } = result;
  if (result.refused) lines.push(`Not re-simulated: ${REFUSALS[result.refused]}`);
  else if (!divergence) lines.push('No divergence');
  else {
    lines.push(
      `First divergence at event #${divergence.index} (${divergence.kind}${divergence.about ? `, ${divergence.about}` : ''}):`,
    );
    for (const [label, event] of [
      ['expected', divergence.expected],
      ['actual', divergence.actual],
    ] as const) {
      lines.push(
        event
          ? `  ${label.padEnd(8)} ${event.type} at +${event.at - start} ms (seq ${event.seq}, ${event.source}) ${JSON.stringify(event.payload)}`
          : `  ${label.padEnd(8)} nothing`,
      );
    }
  }
  for (const note of result.notes) lines.push(`Note: ${note}`);
  return lines.join('\n');
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
