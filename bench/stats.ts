import { performance } from 'node:perf_hooks';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
export const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** Milliseconds of each run of fn, after warm-up runs. */
export function timeEach(inputs: string[], fn: (input: string) => unknown, warmup = 2): number[] {
  for (let w = 0; w < warmup; w++) for (const x of inputs) fn(x);
  return inputs.map((x) => {
    const t = performance.now();
    fn(x);
    return performance.now() - t;
  });
}
