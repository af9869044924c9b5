import type { ApiClient } from '../../client.ts';
import type { Answer, MetaFieldInput, MetaFieldRow, MetaTableInput, MetaTableRow, MongoFileRow, MongoTableRow } from '../../contract.ts';

/** The data dictionary (Meta data) and document collection calls at their exact paths. */
export const metaCalls = (api: ApiClient) => ({
  tables: async (q: { pageNum: number; pageSize: number; keyword?: string }) => {
    const a = await api.call<Answer<MetaTableRow[]> & { count?: number }>('/v1/metaData/selMetaTableList', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  saveTable: async (t: MetaTableInput) =>
    (await api.call<Answer<{ id: number }>>('/v1/metaData/saveMetaTable', t, { fieldErrors: true })).values!,
  deleteTable: (id: number) => api.call('/v1/metaData/delMetaTable', { id }),
  /** the table as a page of the caller's tenant, under a first-level directory of its menu; refusals name the field */
  publishPage: async (p: { tableId: number; parentId: number; name: string; nameEn?: string }) =>
    (await api.call<Answer<{ id: number; path: string }>>('/v1/metaData/publishPage', p, { fieldErrors: true })).values!,
  fields: async (tableId: number) => (await api.call<Answer<MetaFieldRow[]>>('/v1/metaData/selMetaFieldList', { tableId })).values ?? [],
  saveField: async (f: MetaFieldInput) =>
    (await api.call<Answer<{ id: number }>>('/v1/metaData/saveMetaField', f, { fieldErrors: true })).values!,
  /** `confirm`: the user was told the field's data goes with it */
  deleteField: (id: number, confirm: boolean) => api.call('/v1/metaData/delMetaField', { id, confirm }),

  collections: async (keyword?: string) => (await api.call<Answer<MongoTableRow[]>>('/v1/mongo/mongoTableList', { keyword })).values ?? [],
  addCollection: async (name: string, remark: string) =>
    (await api.call<Answer<{ id: number }>>('/v1/mongo/insTable', { name, remark }, { fieldErrors: true })).values!,
  deleteCollection: (id: number) => api.call('/v1/mongo/delTable', { id }),
  files: async (tableId: number) => (await api.call<Answer<MongoFileRow[]>>('/v1/mongo/mongoTableFileList', { tableId })).values ?? [],
  /** insTableFile: multipart with tableId and the file */
  addFile: (tableId: number, file: File) => {
    const form = new FormData();
    form.append('tableId', String(tableId));
    form.append('file', file);
    return api.call('/v1/mongo/insTableFile', form);
  },
  deleteFile: (id: number) => api.call('/v1/mongo/delTableFile', { id }),
});
