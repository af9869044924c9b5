/**
 * Lists and jobs: exact-count limits, export limits, and import and export job statuses.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */
import type * as v from 'valibot';
import type { exportStatus, importProblem, importStatus } from '../schema/jobs.ts';

/** One refused row of an import: its row number in the sheet (the header is row 1), the column, and why. */
export type ImportProblem = v.InferOutput<typeof importProblem>;

/** An import job as /v1/user/importExcel answers it. */
export type ImportStatus = v.InferOutput<typeof importStatus>;

/**
 * Lists count their matches exactly up to `alwaysExactUpTo`, and up to `exactCountUpTo` when the database's planner
 * expects no more than that; past them they answer the planner's estimate with `countEstimated: true` (the pager
 * says 约 N 条), so a filter matching millions costs a bounded scan (server/infra/db/count.ts).
 */
export const LIST_LIMITS = { alwaysExactUpTo: 1_000, exactCountUpTo: 10_000 } as const;

/**
 * Exports: up to `browserMaxRows` rows the browser writes the sheet at once (sheetjs-style); beyond, the server
 * writes it as a job (progress, cancel, a link valid `linkMinutes`). A job holds at most `jobMaxRows` rows (an Excel
 * sheet's 1,048,576 rows, rounded down).
 */
export const EXPORT_LIMITS = { browserMaxRows: 10_000, jobMaxRows: 1_000_000, linkMinutes: 60 } as const;

/** An export job as its status call answers it; `url` (with `expiresAt`, `bytes`) once done, until the link expires. */
export type ExportStatus = v.InferOutput<typeof exportStatus>;
