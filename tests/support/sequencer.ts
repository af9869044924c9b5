import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long each test file took in a fresh clone's run with one core kept busy (`project:path` -> seconds), written by
 * `node --import tsx scripts/test-seconds.ts` from vitest's own cache after such a run.
 */
const SECONDS = JSON.parse(readFileSync(new URL('./file-seconds.json', import.meta.url), 'utf8')) as Record<string, number>;

/**
 * The longest files first, whatever their project (issue 43). Vitest's own order runs the projects one after another
 * and, on a fresh clone with no timings cached, each project's largest files first: the browser walk (140 s) started
 * seven minutes in and ran alone at the end. Three workers fed longest-first end together. A file not yet timed
 * (a new one) counts as its project's median, so it neither starts last nor holds a worker from the long ones.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    const medians = new Map<string, number>();
    const median = (project: string) => {
      if (!medians.has(project)) {
        const known = Object.entries(SECONDS)
          .filter(([k]) => k.startsWith(`${project}:`))
          .map(([, s]) => s)
          .sort((a, b) => a - b);
        medians.set(project, known.length ? known[Math.floor(known.length / 2)] : 0);
      }
      return medians.get(project)!;
    };
    const seconds = (f: TestSpecification) => SECONDS[key(f)] ?? median(f.project.name);
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
