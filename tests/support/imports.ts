import { readFileSync } from 'node:fs';
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
