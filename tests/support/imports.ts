import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** tsconfig.json's paths ("@/*" -> "./src/*"): the aliases every tool resolves (Vite, Vitest, tsx, ESLint). */
const aliases = Object.entries(
  (JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths,
).map(([from, [to]]) => ({ prefix: from.replace(/\*$/, ''), dir: path.normalize(to.replace(/\*$/, '')) }));

/**
 * The file an import specifier of `file` names, by a relative path or an alias; undefined for a package. Tests that
 * follow imports through the source (the import graph, the login route's texts) resolve them here, so an aliased import
 * is followed like a relative one.
 */
export function importTarget(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(file), specifier));
  const alias = aliases.find((a) => specifier.startsWith(a.prefix));
  return alias && path.join(alias.dir, specifier.slice(alias.prefix.length));
}

/** Static imports, re-exports and side-effect imports of a source (a type-only import or export is erased). */
const STATIC_IMPORTS = /^(?:import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;
/** Lazy imports: chunks of their own, loaded when first asked for. */
const LAZY_IMPORTS = /\bimport\(\s*'([^']+)'/g;

/**
 * The source files (.ts, .tsx) that `entry` reaches through its imports: static ones, and lazy `import()` as well
 * when `lazy`; files `skip` matches are not followed. What the login route carries, or what its screens ask for.
 */
export function reachedFiles(entry: string, { lazy = false, skip }: { lazy?: boolean; skip?: RegExp } = {}): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(STATIC_IMPORTS)].map((m) => m[1] ?? m[2]);
    if (lazy) specifiers.push(...[...source.matchAll(LAZY_IMPORTS)].map((m) => m[1]));
    for (const specifier of specifiers) {
      const target = importTarget(file, specifier);
      if (!target || !existsSync(target) || !/\.tsx?$/.test(target) || skip?.test(target)) continue;
      visit(target);
    }
  };
  visit(entry);
  return [...seen];
}
