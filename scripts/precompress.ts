import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text the browser loads (fonts and images here are already compressed formats). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every compressible built file of 1 KiB or more,
 * so the server answers `Accept-Encoding` from disk (server/app.ts, serveStatic's `precompressed`) and spends no CPU
 * compressing the same bytes per request (issue 46). A copy that is not smaller is not written.
 */
export async function precompress(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const sums = { files: 0, raw: 0, br: 0, gz: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    jobs.push(
      (async () => {
        const data = await readFile(path);
        if (data.length < MIN_BYTES) return;
        const [b, g] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        sums.files++;
        sums.raw += data.length;
        if (b.length < data.length) {
          await writeFile(`${path}.br`, b);
          sums.br += b.length;
        }
        if (g.length < data.length) {
          await writeFile(`${path}.gz`, g);
          sums.gz += g.length;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return sums;
}

/** The build step: precompress the output once Vite has written it. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'scrm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
