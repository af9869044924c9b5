import * as v from 'valibot';
import { answers, defineCall, id, instant } from './define.ts';
import {
  recordExport,
  recordExportJob,
  recordId,
  recordImport,
  recordList,
  recordOptions,
  recordSave,
  recordTableOf,
  RECORD_IMPORT_MAX_BYTES,
} from '../schema/business/record.ts';
import { exportStatus, sheetContent } from '../schema/jobs.ts';
import { metaFieldRow } from './meta.ts';
import type { MetaRecord, RecordSchema } from '../contract/records.ts';

/** A record of a data-dictionary table: its values by field name, and what its references show. */
export const metaRecord: v.GenericSchema<MetaRecord> = v.object({
  id: id(),
  /** optimistic concurrency: a save names the version it edited; a stale one is refused */
  version: v.number(),
  createdAt: instant(),
  updatedAt: instant(),
  values: v.record(v.string(), v.unknown()),
  /** what a reference or department value shows (the referenced record's title, the department's name) */
  labels: v.record(v.string(), v.string()),
});

/** What the records page renders from: the table, its fields, and which of its buttons the caller holds. */
export const recordSchema: v.GenericSchema<RecordSchema> = v.object({
  table: v.object({ id: id(), name: v.string(), label: v.string(), labelEn: v.string(), remark: v.string(), component: v.string() }),
  fields: v.array(metaFieldRow),
  codes: v.object({ add: v.string(), edit: v.string(), del: v.string(), import: v.string(), export: v.string() }),
});

/** A row an import refused: its sheet row, the column and why. */
export const recordImportProblem = v.object({ row: v.number(), column: v.string(), message: v.string() });
export type RecordImportProblem = v.InferOutput<typeof recordImportProblem>;

/**
 * The records engine's calls (docs/api.md "Records"): the rows of a meta table a business page renders. Each call
 * names its table; the handler narrows the relation to that table's page and `<table>:<op>` buttons.
 */
export const recordApi = {
  /** the table a menu component's page renders, or null (module not installed) */
  schema: defineCall({
    path: '/v1/metaRecord/schema',
    owner: { records: ['view'] },
    input: recordTableOf,
    answer: answers.values(v.nullable(recordSchema)),
  }),
  list: defineCall({ path: '/v1/metaRecord/list', owner: { records: ['view'] }, input: recordList, answer: answers.page(metaRecord) }),
  detail: defineCall({ path: '/v1/metaRecord/detail', owner: { records: ['view'] }, input: recordId, answer: answers.values(metaRecord) }),
  /** reference choices: by keyword, or the given ids (to label a value already chosen) */
  options: defineCall({
    path: '/v1/metaRecord/options',
    owner: { records: ['view'] },
    input: recordOptions,
    answer: answers.values(v.array(v.object({ id: id(), label: v.string() }))),
  }),
  /** a new record (no id) or an edit of the version the user saw; a refusal naming a field lands in the form */
  save: defineCall({
    path: '/v1/metaRecord/save',
    owner: { records: ['add', 'edit'] },
    input: recordSave,
    answer: answers.saved({ version: v.number() }),
  }),
  remove: defineCall({ path: '/v1/metaRecord/del', owner: { records: ['del'] }, input: recordId, answer: answers.done() }),
  /** the list's rows as a sheet the browser writes, or (`template`) only its header */
  sheet: defineCall({
    path: '/v1/metaRecord/export',
    owner: { records: ['export', 'import'] },
    input: recordExport,
    answer: answers.values(v.object({ ...sheetContent.entries, truncated: v.optional(v.boolean()) })),
  }),
  /** the list written by the server as a job; `jobId` reads or cancels it */
  exportJob: defineCall({
    path: '/v1/metaRecord/exportJob',
    owner: { records: ['export'] },
    input: recordExportJob,
    answer: answers.values(exportStatus),
  }),
  /** all or nothing: `problems` (the first 500 of `total`) when any row is wrong, and then nothing was saved */
  importSheet: defineCall({
    path: '/v1/metaRecord/import',
    owner: { records: ['import'] },
    input: recordImport,
    answer: answers.values(
      v.object({ imported: v.number(), problems: v.optional(v.array(recordImportProblem)), total: v.optional(v.number()) }),
    ),
    form: true,
    maxBytes: RECORD_IMPORT_MAX_BYTES + 64 * 1024,
    refusal: ({ values: a }) => (a.problems?.length ? `有 ${a.total ?? a.problems.length} 处问题，没有导入任何行` : null),
  }),
};
