// Reads an uploaded .xlsx off the request thread (server/infra/sheets/sheets.ts starts one worker per file): seconds of
// parsing a 100,000-row sheet would otherwise hold every other call. Plain JavaScript, so that it loads as it is
// wherever the server runs (under tsx or a test runner alike).
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';

const SLICE = 16 * 1024;

/**
 * Whether a zip unzips to at most `limit` bytes. It inflates for real, in slices, counting what comes out and
 * stopping at the limit: the sizes a zip declares can lie.
 */
function unzipsWithin(zip, limit) {
  let total = 0;
  let over = false;
  const unzip = new Unzip((entry) => {
    entry.ondata = (err, chunk) => {
      if (err) throw err;
      total += chunk.length;
      if (total > limit && !over) {
        over = true;
        entry.terminate();
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < zip.length && !over; at += SLICE) unzip.push(zip.subarray(at, at + SLICE), at + SLICE >= zip.length);
  return !over;
}

const { bytes, limit } = workerData;
const buffer = Buffer.from(bytes);
let within = true;
try {
  within = unzipsWithin(buffer, limit);
} catch {
  // not a zip fflate reads: the sheet reader says so below
}
if (!within) parentPort.postMessage({ refused: 'tooLarge' });
else {
  try {
    parentPort.postMessage({ rows: await readSheet(buffer) });
  } catch {
    parentPort.postMessage({ refused: 'unreadable' });
  }
}
