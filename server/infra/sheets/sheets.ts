import { Worker } from 'node:worker_threads';
import { ApiError } from '../http/http.ts';

/**
 * How many bytes an uploaded .xlsx may unzip to, all its parts together. 64 MB holds well over 100,000 rows of
 * the import templates; a 300 KB "zip bomb" that unzips to 300 MB froze the process for a minute at 3.8 GB.
 */
export const SHEET_UNZIPPED_LIMIT = 64 * 1024 * 1024;

/**
 * The first sheet of an uploaded .xlsx as rows of cells; a file that is no sheet, or unzips too large, is refused.
 * The file is checked and parsed in a worker thread of its own (sheet-worker.mjs, memory capped), so no other call
 * waits on it, whatever its size.
 */
export async function readUploadedSheet(buffer: Buffer): Promise<unknown[][]> {
  const answer = await new Promise<{ rows?: unknown[][]; refused?: 'tooLarge' | 'unreadable' }>((resolve, reject) => {
    const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
      workerData: { bytes: buffer, limit: SHEET_UNZIPPED_LIMIT },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    worker.once('message', (m: { rows?: unknown[][]; refused?: 'tooLarge' | 'unreadable' }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', (err) =>
      /ERR_WORKER_OUT_OF_MEMORY/.test(String((err as { code?: string }).code)) ? resolve({ refused: 'tooLarge' }) : reject(err),
    );
    worker.once('exit', (code) => code !== 0 && resolve({ refused: 'unreadable' }));
  });
  if (answer.refused === 'tooLarge')
    throw new ApiError(`文件解压后超过 ${SHEET_UNZIPPED_LIMIT / 1024 / 1024} MB，无法读取：请拆分后分批导入`);
  if (answer.refused || !answer.rows) throw new ApiError('文件无法读取：请上传用模板填写的 .xlsx 文件');
  return answer.rows;
}
