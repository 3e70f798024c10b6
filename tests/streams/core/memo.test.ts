import { describe, expect, it } from 'vitest';
import { memo } from '../../../streams/core/memo';

describe('memo', () => {
  it('hands back the same answer while the inputs are the same objects, a new one when one changes', () => {
    let runs = 0;
    const total = memo((values: readonly number[]) => {
      runs += 1;
      return { sum: values.reduce((a, b) => a + b, 0) };
    });
    const values = [1, 2];
    const first = total(values);
    expect(total(values)).toBe(first);
    expect(total([1, 2])).toEqual(first);
    expect(runs).toBe(2);
  });

  it('with a key, keeps the last answer of each key', () => {
    let runs = 0;
    const ofJob = memo(
      (jobs: Record<string, number>, jobId: string) => {
        runs += 1;
        return [jobs[jobId]];
      },
      (_jobs, jobId) => jobId,
    );
    const jobs = { a: 1, b: 2 };
    const a = ofJob(jobs, 'a');
    const b = ofJob(jobs, 'b');
    expect(ofJob(jobs, 'a')).toBe(a);
    expect(ofJob(jobs, 'b')).toBe(b);
    expect(runs).toBe(2);
  });
});
