import type { ApiClient } from '../../client.ts';
import type { Answer, ExportStatus, MetaRecord, RecordSchema } from '../../contract.ts';
import type { SheetContent } from '../../../lib/xlsx.ts';

export interface RecordListQuery {
  tableId: number;
  pageNum: number;
  pageSize: number;
  /** by field name: a text contains, an option or id equals, a range is `from~to` */
  filters: Record<string, string>;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

/** The records calls (docs/api.md "Records"): the rows of a meta table a business page renders. */
export const recordCalls = (api: ApiClient) => ({
  /** the table a menu component's page renders, or null (module not installed) */
  schema: async (component: string) => (await api.call<Answer<RecordSchema | null>>('/v1/metaRecord/schema', { component })).values ?? null,
  list: async (q: RecordListQuery) => {
    const a = await api.call<Answer<MetaRecord[]> & { count?: number; countEstimated?: boolean; next?: string }>('/v1/metaRecord/list', q);
    return {
      rows: a.values ?? [],
      count: a.count ?? 0,
      estimated: a.countEstimated === true,
      ...(typeof a.next === 'string' ? { next: a.next } : {}),
    };
  },
  detail: async (tableId: number, id: number) => (await api.call<Answer<MetaRecord>>('/v1/metaRecord/detail', { tableId, id })).values!,
  /** reference choices: by keyword, or the given ids (to label a value already chosen) */
  options: async (tableId: number, field: string, q: { keyword?: string; ids?: number[] }) =>
    (await api.call<Answer<Array<{ id: number; label: string }>>>('/v1/metaRecord/options', { tableId, field, ...q })).values ?? [],
  /** a new record (no id) or an edit of the version the user saw; a refusal naming a field lands in the form */
  save: async (body: { tableId: number; id?: number; version?: number; values: Record<string, unknown> }) =>
    (await api.call<Answer<{ id: number; version: number }>>('/v1/metaRecord/save', body, { fieldErrors: true })).values!,
  remove: (tableId: number, id: number) => api.call('/v1/metaRecord/del', { tableId, id }),
  sheet: async (body: { tableId: number; template?: boolean; filters?: Record<string, string>; sortField?: string; sortOrder?: string }) =>
    (await api.call<Answer<SheetContent & { truncated?: boolean }>>('/v1/metaRecord/export', body)).values!,
  /**
   * The list written by the server as a job (beyond what the browser writes at once): started with the list's query,
   * then its progress and link by `jobId`. Quiet: the export dialog says a refusal itself.
   */
  exportJob: {
    start: async (tableId: number, query: object) =>
      (await api.call<Answer<ExportStatus>>('/v1/metaRecord/exportJob', { tableId, ...query }, { quiet: true })).values!,
    status: async (tableId: number, jobId: number) =>
      (await api.call<Answer<ExportStatus>>('/v1/metaRecord/exportJob', { tableId, jobId }, { quiet: true })).values!,
    cancel: (tableId: number, jobId: number) => api.call('/v1/metaRecord/exportJob', { tableId, jobId, cancel: true }, { quiet: true }),
  },
  /** all or nothing: `problems` (the first 500 of `total`) when any row is wrong, and then nothing was saved */
  importSheet: async (tableId: number, file: File) => {
    const form = new FormData();
    form.append('tableId', String(tableId));
    form.append('file', file);
    // quiet: the import dialog says a refusal (a wrong header) beside the file, as the rows' problems are said
    return (
      await api.call<Answer<{ imported: number; problems?: ImportProblem[]; total?: number }>>('/v1/metaRecord/import', form, {
        quiet: true,
      })
    ).values!;
  },
});
