import * as v from 'valibot';
import { body, flag, given, keyword, optionalRowId, page, pageAfter, rowId, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';

/*
 * The records calls of a data-dictionary table. Their envelopes are checked here; a record's values are checked
 * field by field by the table's own types (src/api/rules/record-rules.ts: recordValue), the same rule the form uses.
 */

const tableId = () => rowId('metaTableId');

/**
 * An object of values by field name, kept as it came: valibot's record() drops keys such as `constructor`, which a
 * table may use as a field name. Read with own-property checks (Object.hasOwn), never `in`.
 */
const isPlainObject = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A list's filters by field name (a text contains, an option or id equals, a range is `from~to`) and its sort. */
const listQuery = {
  filters: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>(isPlainObject, say('recordFilters')),
      v.check((f) => Object.keys(f).length <= 40, say('recordFilters')),
      v.check((f) => Object.values(f).every((x) => ['string', 'number', 'boolean'].includes(typeof x)), say('recordFilters')),
      v.transform((f) => Object.fromEntries(Object.entries(f).map(([k, x]) => [k, String(x)])) as Record<string, string>),
      // matched whole and literally (a contains of 200 characters is as fast as one of 5): never cut short
      v.check((f) => Object.values(f).every((x) => x.length <= 200), say('recordFilters')),
    ),
    {},
  ),
  sortField: v.optional(v.pipe(v.string(say('recordSort')), v.maxLength(64, say('recordSort')))),
  sortOrder: v.optional(v.picklist(['ascend', 'descend'], say('recordSort'))),
};

/** /v1/metaRecord/schema: the table a menu page renders (by the page's component). */
export const recordTableOf = body({
  component: given(
    v.pipe(v.string(say('recordComponent')), v.trim(), v.nonEmpty(say('recordComponent')), v.maxLength(120, say('recordComponent'))),
  ),
});

/** /v1/metaRecord/list: a page of a table's records, filtered and sorted. */
export const recordList = body({ tableId: tableId(), ...pageAfter(), ...listQuery });

/** /v1/metaRecord/detail, /v1/metaRecord/del: one record. */
export const recordId = body({ tableId: tableId(), id: rowId('recordId') });

/** /v1/metaRecord/options: a reference field's choices, by a word or by the ids already chosen. */
export const recordOptions = body({
  tableId: tableId(),
  field: v.optional(v.string(say('recordField')), ''),
  keyword: keyword(50),
  ids: v.optional(
    v.pipe(v.array(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('recordId'), 16), say('recordId')), v.maxLength(50, say('recordId'))),
    [],
  ),
});

/** /v1/metaRecord/save: a record added (no id) or edited (with the version it was edited on). */
export const recordSave = body({
  tableId: tableId(),
  id: optionalRowId('recordId'),
  version: v.optional(wholeNumber(0, 2 ** 31 - 1, say('recordVersion'))),
  values: given(v.custom<Record<string, unknown>>(isPlainObject, say('recordValues')), '' as never),
});

/** /v1/metaRecord/export: the list's rows as a sheet, or (`template`) only its header. */
export const recordExport = body({ tableId: tableId(), template: flag(), ...page(), ...listQuery });

/**
 * /v1/metaRecord/exportJob: the list's rows (its filters and sort) written by the server as a job, for exports beyond
 * what the browser writes at once; with `jobId`, that job's progress (and with `cancel`, a request to stop it).
 */
export const recordExportJob = body({
  tableId: tableId(),
  jobId: v.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('exportJob'), 16)),
  cancel: flag(),
  ...listQuery,
});

/** A records import's sheet is at most this large. */
export const RECORD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** /v1/metaRecord/import (a multipart form): a sheet of records for a table; its rows are checked all before any is saved. */
export const recordImport = body({
  tableId: tableId(),
  file: given(
    v.pipe(
      v.instance(File, say('collectionFile')),
      v.maxSize(RECORD_IMPORT_MAX_BYTES, say('importFileSize', { mb: RECORD_IMPORT_MAX_BYTES / 1024 / 1024 })),
    ),
    '' as never,
  ),
});

/** A records import's sheet alone: what the import dialog checks before it uploads. */
export const recordImportSheet = v.object({ file: recordImport.entries.file });
