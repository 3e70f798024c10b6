import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/build-if-needed';
import { formatComposition, INITIAL_JS_BUDGET_KB, type InitialJs, initialJsSize } from '../bench/bundle-size';

/**
 * The portal's first download (the entry script and what index.html preloads, CSS apart) stays
 * within the budget of issue 11. A size is deterministic: this is a test, not a benchmark.
 */
describe('the first download', () => {
  let initial: InitialJs;
  beforeAll(() => {
    buildIfNeeded();
    initial = initialJsSize();
  }, 180_000);

  it(`is at most ${INITIAL_JS_BUDGET_KB} KB of JS gzipped`, () => {
    const kb = Math.round(initial.gzipBytes / 102.4) / 10;
    expect(
      kb,
      `the first download is ${kb} KB gzipped, over the ${INITIAL_JS_BUDGET_KB} KB budget. It holds (gzipped, minified):\n${formatComposition(initial.parts, 256)}\n`,
    ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  it('holds nothing of the devtools: their views, replay, re-simulation, timeline, state diff, log import', () => {
    const devtools = initial.sources.filter(
      (source) =>
        source.startsWith('src/devtools/') ||
        /^streams\/recorder\/(replay|resimulate|replayed-inputs|timeline|state-diff|log-import|devtools-bridge)\.ts$/.test(
          source,
        ),
    );
    expect(devtools).toEqual([]);
  });
});
