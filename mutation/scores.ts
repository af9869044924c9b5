/**
 * Prints the mutation score of each folder and file from Stryker's JSON reports (reports/mutation/<group>.json) and
 * fails under issue 17's thresholds: 80% for each folder, 70% for any file. Score = detected (killed, timed out) /
 * (detected + undetected (survived, no coverage)); mutants a `Stryker disable` comment names are left out, as are
 * compile and runtime errors (a mutant that cannot run says nothing about the tests).
 */
import { readFileSync } from 'node:fs';

const FOLDER_MIN = 80;
const FILE_MIN = 70;
interface Mutant {
  status: string;
}
// the groups' reports (mutation/run.ts), merged: each file is in one group
const reports = process.argv.slice(2);
const files: Record<string, { mutants: Mutant[] }> = Object.assign(
  {},
  ...reports.map((report) => (JSON.parse(readFileSync(report, 'utf8')) as { files: Record<string, { mutants: Mutant[] }> }).files),
);

interface Tally {
  detected: number;
  undetected: number;
  ignored: number;
}
const tally = (mutants: Mutant[]): Tally => ({
  detected: mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length,
  undetected: mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage').length,
  ignored: mutants.filter((m) => m.status === 'Ignored').length,
});
const score = (t: Tally) => (t.detected + t.undetected === 0 ? 100 : (100 * t.detected) / (t.detected + t.undetected));
const folderOf = (file: string) => (file.startsWith('src/') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0]);

const byFolder = new Map<string, Mutant[]>();
for (const [file, { mutants }] of Object.entries(files)) {
  const folder = folderOf(file);
  byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...mutants]);
}

const failures: string[] = [];
const row = (name: string, t: Tally, min: number) => {
  const s = score(t);
  if (s < min) failures.push(`${name}: ${s.toFixed(1)}% < ${min}%`);
  return `${s.toFixed(1).padStart(6)}%  ${String(t.detected).padStart(5)} killed  ${String(t.undetected).padStart(4)} survived  ${String(t.ignored).padStart(4)} disabled  ${name}${s < min ? `  (under ${min}%)` : ''}`;
};

console.log('mutation scores (issue 17: each folder >= 80%, each file >= 70%)');
for (const [folder, mutants] of [...byFolder].sort()) {
  console.log(row(`${folder}/`, tally(mutants), FOLDER_MIN));
  for (const [file, { mutants: own }] of Object.entries(files).sort()) {
    if (folderOf(file) === folder) console.log(`  ${row(file, tally(own), FILE_MIN)}`);
  }
}
if (failures.length) {
  console.error(`\nunder the threshold:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
