import * as v from 'valibot';
import { COLLECTION_NAME_PATTERN } from '../../contract/records.ts';
import { body, given, keyword, rowId, text } from '../kit.ts';
import { say } from '../messages.ts';

/** /v1/mongo/mongoTableList: the tenant's collections, found by a word of their name or remark. */
export const collectionList = body({ keyword: keyword() });

/** /v1/mongo/insTable: a new collection. */
export const collectionAdd = body({
  name: given(
    v.pipe(
      v.string(say('collectionName')),
      v.trim(),
      v.nonEmpty(say('collectionName')),
      v.regex(COLLECTION_NAME_PATTERN, say('collectionNameRule')),
    ),
  ),
  remark: text({ max: [200, 'remarkMax'] }),
});

/** /v1/mongo/delTable: one collection (its files go with it). */
export const collectionId = body({ id: rowId('collectionId') });

/** /v1/mongo/mongoTableFileList: one collection's files. */
export const collectionFiles = body({ tableId: rowId('collectionId') });

/** /v1/mongo/delTableFile: one file. */
export const collectionFileId = body({ id: rowId('collectionFileId') });

/** /v1/mongo/insTableFile (a multipart form): a file added to a collection; its size is checked as it is read. */
export const collectionFileAdd = body({
  tableId: rowId('collectionId'),
  file: given(v.instance(File, say('collectionFile')), '' as never),
});
