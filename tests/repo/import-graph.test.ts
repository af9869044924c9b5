import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTarget } from '@tests/support/imports.ts';

/** Every source file of the product: the browser's, the server's and the machines'. */
function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(p)) files.push(p);
    }
  };
  ['src', 'server', 'machines'].forEach(walk);
  return files;
}

/** file -> the files it imports: static, type-only, re-exports and lazy import() alike. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/(?:\bfrom|\bimport\(|^import)\s*'([^']+)'/gm)]
      .map((m) => importTarget(file, m[1]))
      .filter((t): t is string => t !== undefined && existsSync(t));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Imports from a feature (a folder under `root`) into another's files other than its public entry (`entry`). */
function crossings(graph: Map<string, string[]>, root: string, entry: string): string[] {
  const feature = (file: string) => (file.startsWith(root) ? file.slice(root.length).split('/').slice(0, -1)[0] : undefined);
  return [...graph].flatMap(([file, targets]) =>
    feature(file) === undefined
      ? []
      : targets.filter((t) => feature(t) !== undefined && feature(t) !== feature(file) && !t.endsWith(entry)).map((t) => `${file} -> ${t}`),
  );
}

describe('import graph', () => {
  it('has no circle anywhere, counting type-only and lazy imports (ESLint’s import/no-cycle skips those)', () => {
    const graph = importGraph(sources());
    expect(graph.size).toBeGreaterThan(200);
    expect(circles(graph)).toEqual([]);
  });

  it('a feature reaches another only through its queries file: never its routes (server/features/<name>/)', () => {
    const graph = importGraph(sources());
    expect(crossings(graph, 'server/features/', '/queries.ts')).toEqual([]);
    // and the check sees features that do reach each other's queries
    expect(graph.get('server/features/records/routes.ts')).toContain('server/features/departs/queries.ts');
  });

  it('a page’s feature reaches another only through its index.ts (src/features/<name>/)', () => {
    const graph = importGraph(sources());
    expect(crossings(graph, 'src/features/', '/index.ts')).toEqual([]);
    expect(graph.get('src/features/roles/permission-panel.tsx')).toContain('src/features/permissions/index.ts');
  });

  it('finds a crossing when there is one', () => {
    const graph = new Map([
      ['f/a/page.ts', ['f/b/parts.ts', 'f/b/index.ts', 'f/a/parts.ts', 'lib/x.ts']],
      ['f/b/index.ts', ['f/b/parts.ts']],
    ]);
    expect(crossings(graph, 'f/', '/index.ts')).toEqual(['f/a/page.ts -> f/b/parts.ts']);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });
});

/** Folders of the product holding more than `most` files of their own (migrations are a numbered series). */
function crowdedRooms(roots: string[], most: number): string[] {
  const crowded: string[] = [];
  const walk = (dir: string) => {
    const names = readdirSync(dir);
    const files = names.filter((n) => !statSync(path.join(dir, n)).isDirectory());
    if (files.length > most && path.basename(dir) !== 'migrations') crowded.push(`${dir} (${files.length})`);
    names.filter((n) => statSync(path.join(dir, n)).isDirectory()).forEach((n) => walk(path.join(dir, n)));
  };
  roots.forEach(walk);
  return crowded;
}

describe('rooms', () => {
  it('no folder of the product holds more than 15 files: a room that grows is split by concern', () => {
    expect(crowdedRooms(['src', 'server', 'machines'], 15)).toEqual([]);
    // the count is of a folder's own files: the migrations' series is the one exception
    expect(crowdedRooms(['server'], 15)).toEqual([]);
    expect(crowdedRooms(['server/migrations'], 15)).toEqual([]);
    // and it sees a crowded one: src/kit/list holds more than 3 files of its own
    const kitList = readdirSync('src/kit/list').filter((n) => !statSync(path.join('src/kit/list', n)).isDirectory()).length;
    expect(kitList).toBeGreaterThan(3);
    expect(crowdedRooms(['src/kit'], 3)).toContain(`src/kit/list (${kitList})`);
  });
});

describe('migrations', () => {
  it('are one series: each number once, none skipped (two files of one number run in name order, unnoticed)', () => {
    const numbers = readdirSync('server/migrations')
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => Number(/^(\d{3})_[a-z0-9_]+\.sql$/.exec(f)?.[1]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
