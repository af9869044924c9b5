import * as v from 'valibot';
import { body, flag, idList, keyword, optionalRowId, page, rowId } from '../kit.ts';
import { say } from '../messages.ts';

/** Text a handler trims and checks by the menu entry's rules (menuEntryProblems, shared with the editor's form). */
const entryText = (name: string) => v.optional(v.string(say('wrongType', { name })), '');

/** /v1/menu/tree: the whole shared menu with every tenant's own entries. */
export const menuTree = body({});

/** /vue/menu/list: the menu's entries, by a word and kind (1 page or directory, 2 button). */
export const menuList = body({
  keyword: keyword(50),
  uriType: v.optional(v.nullable(v.picklist([1, 2], say('menuUriType'))), null),
});

/** /vue/perm/save: a menu entry added (no id) or edited. */
export const menuEntrySave = body({
  id: optionalRowId('menuId'),
  parentId: optionalRowId('menuParent'),
  name: entryText('name'),
  nameEn: entryText('nameEn'),
  path: entryText('path'),
  icon: v.optional(v.pipe(v.string(say('wrongType', { name: 'icon' })), v.maxLength(2000, say('wrongType', { name: 'icon' }))), ''),
  uriType: v.optional(v.picklist([1, 2], say('menuUriType')), 1),
  needButtonPermission: flag(),
  component: entryText('component'),
  code: entryText('code'),
});

/** /v1/metaData/publishPage: a tenant's table as a page of its own menu, under one of its sections. */
export const publishPage = body({
  tableId: optionalRowId('metaTableId'),
  parentId: optionalRowId('publishSection'),
  name: entryText('name'),
  nameEn: entryText('nameEn'),
});

/** /vue/menu/move: an entry put under `parentId` at `index` among its siblings. */
export const menuMove = body({
  id: rowId('menuId'),
  parentId: optionalRowId('menuParent'),
  index: v.optional(
    v.pipe(
      v.number(say('wrongType', { name: 'index' })),
      v.integer(say('wrongType', { name: 'index' })),
      v.minValue(0, say('wrongType', { name: 'index' })),
    ),
    0,
  ),
});

/** /vue/menu/del: an entry and everything under it (`confirm` once the editor has said what goes). */
export const menuDelete = body({ id: rowId('menuId'), confirm: flag() });

/** /vue/interface/list: a page of interfaces, by a word, source and related menu entry. */
export const interfaceList = body({
  ...page(20, 500),
  keyword: keyword(100),
  source: v.optional(v.nullable(v.picklist(['server', 'external', ''], say('wrongType', { name: 'source' }))), null),
  menuId: optionalRowId('menuId'),
});

/** /permission/getPageFuncRelation: the interfaces of a menu entry, or the entries of an interface. */
export const relationQuery = body({ menuId: optionalRowId('menuId'), interfaceId: optionalRowId('interfaceId') });

/** /permission/setPageFuncRelation: all the relations of a menu entry, or of an interface. */
export const relationSave = body({
  menuId: optionalRowId('menuId'),
  interfaceId: optionalRowId('interfaceId'),
  interfaceIds: idList({ message: 'interfaceId', max: 2000 }),
  menuIds: idList({ message: 'menuIds', max: 5000 }),
});

/** /v1/permission/delPageFuncRelation: one relation. */
export const relationDelete = body({ menuId: rowId('menuId'), interfaceId: rowId('interfaceId') });
