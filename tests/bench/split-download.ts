import { performance } from 'node:perf_hooks';
import type { SizedItem } from '../../streams/downloads/api';
import { splitDownload } from '../../streams/downloads/split';

/** Items of varied sizes (a few above maxSize), in two resources, as a huge cart would give. */
function items(count: number): SizedItem[] {
  return Array.from({ length: count }, (_, index) => ({
    resource: index % 5 === 0 ? 'video' : 'asset',
    id: String(index + 1),
    size: ((index * 7919) % 50_000_000) + 1000,
  }));
}

/** Median time to split `count` items (issue 5: target < 50 ms for 100 000 items). */
export function benchSplit(count: number): { medianMs: number; parts: number } {
  const work = items(count);
  const maxSize = 200_000_000;
  const warnSize = 150_000_000;
  const times: number[] = [];
  let parts = 0;
  for (let pass = 0; pass < 5; pass += 1) {
    const begin = performance.now();
    parts = splitDownload(work, maxSize, warnSize).parts.length;
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[2]! * 100) / 100, parts };
}
