import * as v from 'valibot';
import { id, instant } from '../table/define.ts';

const jobStatus = () => v.picklist(['processing', 'done', 'cancelled', 'failed']);

/** A refused row of an import: its sheet row, the field and why. */
export const importProblem = v.object({ row: v.number(), field: v.string(), reason: v.string() });

/** An import job as /v1/user/importExcel answers it: its progress and, row by row, what it refused. */
export const importStatus = v.object({
  jobId: id(),
  status: jobStatus(),
  total: v.number(),
  processed: v.number(),
  created: v.number(),
  report: v.array(importProblem),
  message: v.string(),
});

/** An export job (users, records, logs): its progress and, once done, its signed link until it expires. */
export const exportStatus = v.object({
  jobId: id(),
  status: jobStatus(),
  total: v.number(),
  processed: v.number(),
  message: v.string(),
  fileName: v.string(),
  url: v.optional(v.string()),
  expiresAt: v.optional(instant()),
  bytes: v.optional(v.number()),
});

/** A sheet written by the browser: its file name, header row and rows (src/lib/xlsx.ts). */
export const sheetContent = v.object({
  fileName: v.string(),
  columns: v.array(v.string()),
  rows: v.array(v.array(v.union([v.string(), v.number()]))),
});
