import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changes,
  checkState,
  filterTree,
  flatten,
  initialChecked,
  kindOf,
  toSave,
  toggle,
  type PermissionTreeNode,
} from '../../src/menu/permission-tree.ts';

const node = (
  id: number,
  name: string,
  children: PermissionTreeNode[] = [],
  extra: Partial<PermissionTreeNode> = {},
): PermissionTreeNode => ({
  id,
  name,
  button: false,
  checked: false,
  grantable: true,
  children,
  ...extra,
});
const button = (id: number, name: string, code: string, extra: Partial<PermissionTreeNode> = {}) =>
  node(id, name, [], { button: true, code, ...extra });

const tree = [
  node(1, '系统管理', [
    node(2, '用户管理', [button(3, '新增', 'user:add'), button(4, '删除', 'user:del', { grantable: false })]),
    node(5, '角色管理'),
  ]),
  node(6, '会员管理', [node(7, '会员列表')]),
];
const byId = (id: number) => flatten(tree).find((n) => n.id === id)!;

describe('permission tree', () => {
  it('knows sections, pages and buttons', () => {
    expect([1, 2, 3, 5, 6, 7].map((id) => kindOf(byId(id)))).toEqual(['section', 'page', 'button', 'page', 'section', 'page']);
  });

  it('a section shows checked, mixed or not from the pages and buttons under it', () => {
    expect(checkState(byId(1), new Set())).toBe(false);
    expect(checkState(byId(1), new Set([5]))).toBe('mixed');
    expect(checkState(byId(1), new Set([2, 3, 4, 5]))).toBe(true);
    expect(checkState(byId(2), new Set([3]))).toBe(false);
  });

  it('ticking a section sets what the user may grant under it, never the rest', () => {
    const on = toggle(tree, new Set(), byId(1), true);
    expect([...on].sort()).toEqual([2, 3, 5]);
    expect(checkState(byId(1), on)).toBe('mixed');
    expect([...toggle(tree, new Set([2, 3, 4, 5]), byId(1), false)]).toEqual([4]);
  });

  it('a button brings its page; clearing a page takes its buttons', () => {
    expect([...toggle(tree, new Set(), byId(3), true)].sort()).toEqual([2, 3]);
    expect([...toggle(tree, new Set([2, 3]), byId(2), false)]).toEqual([]);
  });

  it('saves checked pages and buttons plus every section with something checked under it', () => {
    expect(toSave(tree, new Set([7]))).toEqual([6, 7]);
    expect(toSave(tree, new Set([2, 3]))).toEqual([1, 2, 3]);
    expect(toSave(tree, new Set())).toEqual([]);
  });

  it('never lets a toggle change what the user may not grant (any tree, any clicks)', () => {
    const ids = flatten(tree).map((n) => n.id);
    fc.assert(
      fc.property(fc.subarray(ids), fc.array(fc.tuple(fc.constantFrom(...ids), fc.boolean()), { maxLength: 20 }), (start, clicks) => {
        let set = new Set(start);
        for (const [id, on] of clicks) set = toggle(tree, set, byId(id), on);
        return set.has(4) === start.includes(4);
      }),
    );
  });

  it('starts from the role’s grants, filters by name or code with ancestors kept, and lists changes by name', () => {
    const granted = [node(1, '系统管理', [node(2, '用户管理', [], { checked: true })], { checked: true })];
    expect([...initialChecked(granted)]).toEqual([2]);
    expect(filterTree(tree, 'user:del').map((n) => n.name)).toEqual(['系统管理']);
    expect(filterTree(tree, 'user:del')[0].children[0].children.map((n) => n.code)).toEqual(['user:del']);
    expect(filterTree(tree, '').length).toBe(2);
    expect(changes(tree, [1, 2], [2, 3])).toEqual({ added: ['新增'], removed: ['系统管理'] });
  });
});
