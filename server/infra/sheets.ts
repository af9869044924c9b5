import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { ApiError } from './http.ts';

/**
 * How many bytes an uploaded .xlsx may unzip to, all its parts together. 64 MB holds well over 100,000 rows of
 * the import templates; a 300 KB "zip bomb" that unzips to 300 MB froze the process for a minute at 3.8 GB.
 */
export const SHEET_UNZIPPED_LIMIT = 64 * 1024 * 1024;
const SLICE = 16 * 1024;

/**
 * Whether a zip unzips to at most `limit` bytes. It inflates for real, in slices, counting what comes out and
 * stopping at the limit: the sizes a zip declares can lie.
 */
export function unzipsWithin(zip: Uint8Array, limit: number): boolean {
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

/** The first sheet of an uploaded .xlsx as rows of cells; a file that is no sheet, or unzips too large, is refused. */
export async function readUploadedSheet(buffer: Buffer): Promise<unknown[][]> {
  let within: boolean;
  try {
    within = unzipsWithin(buffer, SHEET_UNZIPPED_LIMIT);
  } catch {
    within = true; // not a zip fflate reads: the sheet reader says so below
  }
  if (!within) throw new ApiError(`文件解压后超过 ${SHEET_UNZIPPED_LIMIT / 1024 / 1024} MB，无法读取：请拆分后分批导入`);
  try {
    return (await readSheet(buffer)) as unknown[][];
  } catch {
    throw new ApiError('文件无法读取：请上传用模板填写的 .xlsx 文件');
  }
}
