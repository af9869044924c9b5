import * as v from 'valibot';
import { body, englishName, fieldProblems, flag, idList, keyword, optionalRowId, page, rowId } from '../kit.ts';
import { declareFields, declaredRules, textField } from '../resource.ts';
import { BUTTON_CODE_PATTERN, MENU_COMPONENT_PATTERN } from '../../contract/platform.ts';
import { say } from '../messages.ts';

/** A typed text of an entry, trimmed ('' when absent). */
const entryText = (name: string) => v.optional(v.pipe(v.string(say('wrongType', { name })), v.trim()), '');

/** /v1/menu/tree: the whole shared menu with every tenant's own entries. */
export const menuTree = body({});

/** /vue/menu/list: the menu's entries, by a word and kind (1 page or directory, 2 button). */
export const menuList = body({
  keyword: keyword(50),
  uriType: v.optional(v.nullable(v.picklist([1, 2], say('menuUriType'))), null),
});

/** The JSON a menu entry's icon is: an object ({icon, name, hidden}); '' for none. */
const isIconObject = (text: string) => {
  if (text === '') return true;
  try {
    const icon = JSON.parse(text) as unknown;
    return typeof icon === 'object' && icon !== null && !Array.isArray(icon);
  } catch {
    return false;
  }
};

/** A path a page entry opens: from /, without a scheme, spaces, ? or #, at most 128 characters. */
const isMenuPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !/[\s\\?#]|:\/\//.test(path) && path.length <= 128;

/**
 * A menu entry's fields (菜单管理), declared once: the editor's rules and the save's. A page (uriType 1) has a path and
 * may name its component; a button (2) has its code instead: those rules are the entry's across its kind (below).
 */
export const MENU_ENTRY_FIELDS = declareFields({
  name: textField({ label: 'entryName', required: 'nameRequired', max: [32, 'nameMax32'] }),
  nameEn: { kind: 'text', label: 'entryNameEn', rule: englishName() },
  path: { kind: 'text', label: 'path', rule: entryText('path') },
  component: { kind: 'text', label: 'component', rule: entryText('component') },
  icon: {
    kind: 'text',
    label: 'icon',
    rule: v.optional(v.pipe(v.string(say('menuIcon')), v.maxLength(2000, say('menuIcon')), v.check(isIconObject, say('menuIcon'))), ''),
  },
  code: { kind: 'text', label: 'buttonCodeLabel', rule: entryText('code') },
});

/**
 * /vue/perm/save: a menu entry added (no id) or edited, and the editor's rules (menuEntryProblems). A button's code
 * and a page's path and component are checked by the entry's kind, each under its field, once both are well-formed.
 */
export const menuEntrySave = v.pipe(
  body({
    id: optionalRowId('menuId'),
    parentId: optionalRowId('menuParent'),
    uriType: v.optional(v.picklist([1, 2], say('menuUriType')), 1),
    needButtonPermission: flag(),
    ...declaredRules(MENU_ENTRY_FIELDS),
  }),
  v.forward(
    v.partialCheck([['uriType'], ['code']], (e) => e.uriType !== 2 || e.code !== '', say('menuCode')),
    ['code'],
  ),
  v.forward(
    v.partialCheck(
      [['uriType'], ['code']],
      (e) => e.uriType !== 2 || e.code === '' || (BUTTON_CODE_PATTERN.test(e.code) && e.code.length <= 64),
      say('menuCodeRule'),
    ),
    ['code'],
  ),
  v.forward(
    v.partialCheck([['uriType'], ['path']], (e) => e.uriType === 2 || e.path !== '', say('menuPath')),
    ['path'],
  ),
  v.forward(
    v.partialCheck([['uriType'], ['path']], (e) => e.uriType === 2 || e.path === '' || isMenuPath(e.path), say('menuPathRule')),
    ['path'],
  ),
  v.forward(
    v.partialCheck(
      [['uriType'], ['component']],
      (e) => e.uriType === 2 || e.component === '' || MENU_COMPONENT_PATTERN.test(e.component),
      say('menuComponentRule'),
    ),
    ['component'],
  ),
);

/** A menu entry's fields as the editor holds them and a save's rules give them to the server (trimmed there). */
export type MenuEntryFields = Omit<v.InferOutput<typeof menuEntrySave>, 'id'>;

/** The rules of a menu entry, for the editor and the server (uniqueness is the server's): field -> message. */
export const menuEntryProblems = (e: Partial<MenuEntryFields> & { id?: number }): Record<string, string> => fieldProblems(menuEntrySave, e);

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
