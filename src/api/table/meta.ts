import * as v from 'valibot';
import { answers, defineCall, id, instant, byButton, byPage } from './define.ts';
import {
  META_TABLE_FIELDS,
  metaFieldDelete,
  metaFieldList,
  metaFieldSave,
  metaTableId,
  metaTableList,
  metaTableSave,
} from '../schema/system/meta-table.ts';
import { declaredRow } from '../schema/resource.ts';
import {
  collectionAdd,
  collectionFileAdd,
  collectionFileId,
  collectionFiles,
  collectionId,
  collectionList,
} from '../schema/system/collection.ts';
import { publishPage } from '../schema/system/menu.ts';
import { META_FIELD_TYPES, COLLECTION_FILE_MAX_BYTES, type MetaFieldRow } from '../contract/records.ts';

/** A table of the data dictionary, with how much it holds. */
export const metaTableRow = declaredRow(META_TABLE_FIELDS, {
  updatedAt: instant(),
  /** the page of the caller's menu that renders this table, when there is one: where it is published (ours) */
  published: v.optional(
    v.nullable(v.object({ path: v.string(), name: v.string(), nameEn: v.string(), section: v.string(), sectionEn: v.string() })),
  ),
});
export type MetaTableRow = v.InferOutput<typeof metaTableRow>;

const enumOption = v.object({ value: v.string(), label: v.string(), labelEn: v.optional(v.string()) });

/** A field of a table (the records engine renders each by its type). */
export const metaFieldRow: v.GenericSchema<MetaFieldRow> = v.object({
  id: id(),
  tableId: id(),
  name: v.string(),
  label: v.string(),
  labelEn: v.string(),
  type: v.picklist(META_FIELD_TYPES),
  options: v.array(enumOption),
  refTableId: v.nullable(id()),
  required: v.boolean(),
  unique: v.boolean(),
  searchable: v.boolean(),
  listColumn: v.boolean(),
  defaultValue: v.unknown(),
  sort: v.number(),
  inUse: v.optional(v.boolean()),
});

/** A document collection (SPEC's "Mongo" tables, kept in PostgreSQL) and its files. */
export const collectionRow = v.object({
  id: id(),
  name: v.string(),
  remark: v.string(),
  fileCount: v.number(),
  size: v.number(),
  createdAt: instant(),
});
export type CollectionRow = v.InferOutput<typeof collectionRow>;
export const collectionFileRow = v.object({
  id: id(),
  tableId: id(),
  name: v.string(),
  contentType: v.string(),
  size: v.number(),
  createdAt: instant(),
});
export type CollectionFileRow = v.InferOutput<typeof collectionFileRow>;

const saved = answers.saved();
const dictionary = byPage('manage/meta-data');
const collections = byPage('manage/mongo-tables');

/** 系统管理 › 数据字典 (SPEC 7 Meta data): tables, their fields, and publishing a table as a page. */
export const metaApi = {
  tables: defineCall({
    path: '/v1/metaData/selMetaTableList',
    owner: dictionary,
    input: metaTableList,
    answer: answers.page(metaTableRow),
  }),
  saveTable: defineCall({ path: '/v1/metaData/saveMetaTable', owner: byButton('meta:save'), input: metaTableSave, answer: saved }),
  removeTable: defineCall({ path: '/v1/metaData/delMetaTable', owner: byButton('meta:del'), input: metaTableId, answer: answers.done() }),
  /** the table as a page of the caller's tenant, under a first-level directory of its menu; refusals name the field */
  publishPage: defineCall({
    path: '/v1/metaData/publishPage',
    owner: byButton('meta:publish'),
    input: publishPage,
    answer: answers.values(v.object({ id: id(), path: v.string() })),
  }),
  fields: defineCall({
    path: '/v1/metaData/selMetaFieldList',
    owner: dictionary,
    input: metaFieldList,
    answer: answers.rows(metaFieldRow),
  }),
  saveField: defineCall({ path: '/v1/metaData/saveMetaField', owner: byButton('meta:save'), input: metaFieldSave, answer: saved }),
  /** `confirm`: the user was told the field's data goes with it */
  removeField: defineCall({
    path: '/v1/metaData/delMetaField',
    owner: byButton('meta:del'),
    input: metaFieldDelete,
    answer: answers.done(),
  }),
};

/** 系统管理 › 文档集合 (SPEC 7 Mongo): collections and their files. */
export const collectionApi = {
  list: defineCall({ path: '/v1/mongo/mongoTableList', owner: collections, input: collectionList, answer: answers.rows(collectionRow) }),
  add: defineCall({ path: '/v1/mongo/insTable', owner: byButton('mongo:save'), input: collectionAdd, answer: saved }),
  remove: defineCall({ path: '/v1/mongo/delTable', owner: byButton('mongo:del'), input: collectionId, answer: answers.done() }),
  files: defineCall({
    path: '/v1/mongo/mongoTableFileList',
    owner: collections,
    input: collectionFiles,
    answer: answers.rows(collectionFileRow),
  }),
  /** multipart: tableId and the file */
  addFile: defineCall({
    path: '/v1/mongo/insTableFile',
    owner: byButton('mongo:save'),
    input: collectionFileAdd,
    answer: saved,
    form: true,
    maxBytes: COLLECTION_FILE_MAX_BYTES + 64 * 1024,
  }),
  removeFile: defineCall({ path: '/v1/mongo/delTableFile', owner: byButton('mongo:del'), input: collectionFileId, answer: answers.done() }),
};
