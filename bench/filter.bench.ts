import { performance } from 'node:perf_hooks';
import { defaultFilter } from 'cmdk';
import { pinyinOf } from '@/menu/pinyin.ts';
import { buildSearchIndex, searchIndex } from '@/menu/search-index.ts';
import { TYPED, benchLabels, keystrokes } from './labels.ts';
import { median, round, timeEach } from './stats.ts';

/** The palette's filter against cmdk's defaultFilter, same labels and keystrokes, per keystroke. */
export function benchFilter(sizes = [1_000, 10_000, 50_000]) {
  const queries = keystrokes(TYPED);
  const rows = [];
  for (const n of sizes) {
    const labels = benchLabels(n);
    const entries = labels.map((label, i) => ({ id: String(i), label, trail: ['基础数据', 'Reports'] }));
    const t0 = performance.now();
    const index = buildSearchIndex(entries, pinyinOf);
    const buildMs = performance.now() - t0;
    const ours = timeEach(queries, (q) => searchIndex(index, q, 50));
    // What cmdk does per keystroke with its default filter: score every item, keep positives, sort by score.
    const cmdk = timeEach(
      queries,
      (q) => {
        const scored: Array<[number, number]> = [];
        for (let i = 0; i < labels.length; i++) {
          const s = defaultFilter!(labels[i], q, entries[i].trail as string[]);
          if (s > 0) scored.push([s, i]);
        }
        scored.sort((a, b) => b[0] - a[0]);
        return scored.length;
      },
      1,
    );
    rows.push({
      leaves: n,
      indexBuildMs: round(buildMs, 1),
      palette: { medianMs: round(median(ours)), worstMs: round(Math.max(...ours)) },
      cmdkDefaultFilter: { medianMs: round(median(cmdk)), worstMs: round(Math.max(...cmdk)) },
      ratio: round(median(cmdk) / median(ours), 1),
    });
  }
  return { keystrokes: queries.length, rows, targets: { median10kMs: 1, median50kMs: 5, ratioAtLeast: 10 } };
}
