import { backup, restore } from './infra/db/backup.ts';
import { readConfig } from './config.ts';

/**
 * `npm run backup -- <file>` / `npm run restore -- <file> [--force]`: the database of DATABASE_URL, else of DATA_DIR.
 * A restore into a database that holds data needs --force.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const [what, file] = args.filter((a) => a !== '--force');
if ((what !== 'backup' && what !== 'restore') || !file) {
  console.error('用法：npm run backup -- <文件>，或 npm run restore -- <文件> [--force]');
  process.exit(2);
}
const config = readConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, file, force };
try {
  const done = what === 'backup' ? await backup(target) : await restore(target);
  console.log(what === 'backup' ? `已备份 ${done} 到 ${file}` : `已从 ${file} 恢复到 ${done}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
