import { Hono } from 'hono';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppEnv, SessionInfo } from '../access/auth.ts';
import type { Db } from '../infra/db/db.ts';
import { ApiError } from '../infra/http/http.ts';
import { onDuplicate } from '../infra/db/db-errors.ts';
import type { Lifecycle } from '../infra/operations.ts';
import { XlsxWriter } from '../infra/sheets/xlsx-writer.ts';
import { EXPORT_LIMITS, type ExportStatus } from '@/api/contract/jobs.ts';
import { log } from '../infra/logger.ts';
import { fileApi } from '@/api/table/files.ts';
import { mount } from '../infra/http/mount.ts';

export type ExportCell = string | number | null;

/**
 * What an export job writes: its header, and its rows slice by slice. `next` answers the slice after the cursor it was
 * given (null: the first), in the list's order, and the cursor to continue from; an empty slice ends the export.
 */
export interface ExportSource<C> {
  columns: readonly string[];
  next(after: C | null, limit: number): Promise<{ rows: ExportCell[][]; cursor: C | null }>;
}

/** What an export cut short by a server stop says. */
export const EXPORT_INTERRUPTED = '服务器停止，导出已中断，请重新导出';
/** What an export left running by a process that ended says, once the scheduler finds it. */
export const DEAD_EXPORT_MESSAGE = '运行它的进程已退出，导出未完成，请重新导出';
/** An export not heard from for this long is dead: a live one notes progress after every slice. */
export const DEAD_EXPORT_SECONDS = 120;

/** Rows read and written per slice: a slice is one query and one write; a cancel lands between slices. */
const SLICE = 1000;

const urlSafe = (b: Buffer) => b.toString('base64url');

interface JobRow {
  id: string;
  user_id: number;
  status: ExportStatus['status'];
  total: number;
  processed: number;
  message: string;
  file_name: string;
  file_bytes: string | null;
  expires_at: Date | null;
}

/**
 * Exports of any size, as server jobs (one at a time per user). The rows are written to an .xlsx on disk slice by
 * slice (flat memory). Progress is read back through the status call; a cancel stops the job between slices. The
 * finished file is offered through a signed link that expires (the file goes with it). Files live in `dir`: servers
 * sharing one database must share it too.
 */
export class ExportJobs {
  constructor(
    private readonly o: {
      db: Db;
      dir: string;
      secret: Buffer;
      lifecycle: Lifecycle;
      /** how long a finished file may be downloaded (default EXPORT_LIMITS.linkMinutes) */
      linkSeconds?: number;
    },
  ) {}

  private file(id: number | string): string {
    return path.join(this.o.dir, `export-${id}.xlsx`);
  }

  private sign(id: number, expires: number): string {
    return urlSafe(createHmac('sha256', this.o.secret).update(`export:${id}:${expires}`).digest());
  }

  /** The link a finished job's file is read from (relative to the site), valid until the job expires. */
  private link(id: number, expires: number): string {
    return `/manage${fileApi.exportFile.path}?id=${id}&e=${expires}&s=${this.sign(id, expires)}`;
  }

  private present(job: JobRow): ExportStatus {
    const id = Number(job.id);
    const expires = job.expires_at ? Math.floor(new Date(job.expires_at).getTime() / 1000) : 0;
    const live = job.status === 'done' && expires * 1000 > Date.now();
    return {
      jobId: id,
      status: job.status,
      total: job.total,
      processed: job.processed,
      message: job.message,
      fileName: job.file_name,
      ...(live ? { url: this.link(id, expires), expiresAt: new Date(expires * 1000).toISOString(), bytes: Number(job.file_bytes) } : {}),
    };
  }

  /** The caller's job (another user's, even in the same tenant, is not found). */
  async status(s: SessionInfo, jobId: number): Promise<ExportStatus> {
    const [job] = await this.o.db.query<JobRow>(
      `SELECT id, user_id, status, total, processed, message, file_name, file_bytes, expires_at FROM export_job
        WHERE id = $1 AND tenant_id = $2 AND user_id = $3`,
      [jobId, s.tenantId, s.userId],
    );
    if (!job) throw new ApiError('导出任务不存在');
    return this.present(job);
  }

  /** Asks the caller's running job to stop; it stops at its next slice. */
  async cancel(s: SessionInfo, jobId: number): Promise<ExportStatus> {
    await this.o.db.query(
      `UPDATE export_job SET cancel_requested = true WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND status = 'processing'`,
      [jobId, s.tenantId, s.userId],
    );
    return this.status(s, jobId);
  }

  /**
   * Starts an export of `total` rows (counted by the caller under the list's filters). Refused past the row limit, and
   * while the caller has another export running (one statement: the unique index decides between parallel starts).
   */
  async start<C>(s: SessionInfo, kind: string, fileName: string, total: number, source: ExportSource<C>): Promise<ExportStatus> {
    if (total === 0) throw new ApiError('没有要导出的行');
    if (total > EXPORT_LIMITS.jobMaxRows)
      throw new ApiError(
        `一次最多导出 ${EXPORT_LIMITS.jobMaxRows.toLocaleString('en-US')} 行，当前筛选有 ${total.toLocaleString('en-US')} 行，请缩小筛选范围`,
      );
    if (this.o.lifecycle.stopping) throw new ApiError('服务器正在停止，请稍后再导出');
    const [job] = await onDuplicate(
      this.o.db.query<{ id: string }>(
        `INSERT INTO export_job (tenant_id, user_id, kind, file_name, total) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [s.tenantId, s.userId, kind, fileName, total],
      ),
      '你已有一个导出正在进行，请等它完成或取消后再导出',
    );
    const jobId = Number(job.id);
    void this.o.lifecycle.track(this.run(jobId, source)).catch(async (err: unknown) => {
      log.error({ err }, 'export failed');
      await rm(this.file(jobId), { force: true });
      // When the database itself is away this fails too: the job's row is then marked by the next sweep.
      await this.o.db
        .query(`UPDATE export_job SET status = 'failed', message = '服务器内部错误，请稍后重试', updated_at = now() WHERE id = $1`, [jobId])
        .catch((e: unknown) => log.error({ err: e, jobId }, 'export not marked failed'));
    });
    return this.status(s, jobId);
  }

  private async run<C>(jobId: number, source: ExportSource<C>) {
    const db = this.o.db;
    await mkdir(this.o.dir, { recursive: true });
    const file = this.file(jobId);
    const writer = await XlsxWriter.open(file, source.columns);
    const end = async (status: 'cancelled' | 'failed', message = '') => {
      writer.abort();
      await rm(file, { force: true });
      await db.query(`UPDATE export_job SET status = $2, message = $3, updated_at = now() WHERE id = $1`, [jobId, status, message]);
    };
    let complete: boolean;
    try {
      complete = await this.write(jobId, source, writer, end);
    } catch (err) {
      writer.abort();
      throw err;
    }
    // Cancelled or cut short: `end` has said so and removed the file.
    if (!complete) return;
    const { size } = await stat(file);
    // Rows added after the count are written too: the total follows what the file holds.
    await db.query(
      `UPDATE export_job SET status = 'done', processed = $2, total = $2, file_bytes = $3,
              expires_at = now() + make_interval(secs => $4), updated_at = now()
        WHERE id = $1 AND status = 'processing'`,
      [jobId, writer.rows, size, this.o.linkSeconds ?? EXPORT_LIMITS.linkMinutes * 60],
    );
  }

  /**
   * Writes the slices until the source ends (then closes the file: true) or the job is cancelled or interrupted
   * (`end` says which and removes the file: false).
   */
  private async write<C>(
    jobId: number,
    source: ExportSource<C>,
    writer: XlsxWriter,
    end: (status: 'cancelled' | 'failed', message?: string) => Promise<unknown>,
  ): Promise<boolean> {
    const db = this.o.db;
    let cursor: C | null = null;
    for (;;) {
      // Other requests go first between slices (PGlite answers one query at a time).
      await new Promise((r) => setTimeout(r, 0));
      if (this.o.lifecycle.interrupted) {
        await end('failed', EXPORT_INTERRUPTED);
        return false;
      }
      const [job] = await db.query<{ cancel_requested: boolean }>('SELECT cancel_requested FROM export_job WHERE id = $1', [jobId]);
      if (!job || job.cancel_requested) {
        await end('cancelled');
        return false;
      }
      const slice = await source.next(cursor, SLICE);
      if (!slice.rows.length || writer.rows >= EXPORT_LIMITS.jobMaxRows) break;
      await writer.addRows(slice.rows.slice(0, EXPORT_LIMITS.jobMaxRows - writer.rows));
      cursor = slice.cursor;
      await db.query(`UPDATE export_job SET processed = $2, updated_at = now() WHERE id = $1`, [jobId, writer.rows]);
      if (cursor === null) break;
    }
    await writer.close();
    return true;
  }

  /**
   * One look (the scheduler's tick): exports a dead process left running are marked failed, and finished files past
   * their time are removed (their links already refuse). One statement each.
   */
  async sweep(): Promise<void> {
    await this.o.db.query(
      `UPDATE export_job SET status = 'failed', message = $1, updated_at = now()
        WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $2)`,
      [DEAD_EXPORT_MESSAGE, DEAD_EXPORT_SECONDS],
    );
    const gone = await this.o.db.query<{ id: string }>(
      `UPDATE export_job SET expires_at = NULL, file_bytes = NULL, updated_at = now() WHERE expires_at < now() RETURNING id`,
    );
    for (const { id } of gone) await rm(this.file(id), { force: true });
  }

  /**
   * The file behind a signed link (GET, a plain browser download: no session header). The link is the credential: it
   * names the job and its expiry under the server's key, and the job must still be done and unexpired.
   */
  routes(): Hono<AppEnv> {
    const app = new Hono<AppEnv>();
    mount(app, fileApi.exportFile, async (c) => {
      const id = Number(c.req.query('id'));
      const expires = Number(c.req.query('e'));
      const given = Buffer.from(c.req.query('s') ?? '');
      const refused = () => c.text('链接无效或已过期，请重新导出', 403);
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expires) || expires * 1000 <= Date.now()) return refused();
      const want = Buffer.from(this.sign(id, expires));
      if (given.length !== want.length || !timingSafeEqual(given, want)) return refused();
      const [job] = await this.o.db.query<{ file_name: string }>(
        `SELECT file_name FROM export_job WHERE id = $1 AND status = 'done' AND expires_at > now()
            AND floor(extract(epoch FROM expires_at)) = $2`,
        [id, expires],
      );
      if (!job) return refused();
      const file = this.file(id);
      const size = await stat(file).then(
        (x) => x.size,
        () => null,
      );
      if (size === null) return refused();
      return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Length': String(size),
          'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`,
          'Cache-Control': 'private, no-store',
        },
      });
    });
    return app;
  }
}
