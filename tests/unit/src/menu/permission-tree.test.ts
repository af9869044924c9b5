import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  catalogueTree,
  changes,
  checkState,
  filterTree,
  flatten,
  initialChecked,
  kindOf,
  toSave,
  toggle,
  type PermissionTreeNode,
} from '@/menu/permission-tree.ts';

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

  it('a button brings its page; a page takes its buttons, ticked or cleared', () => {
    expect([...toggle(tree, new Set(), byId(3), true)].sort()).toEqual([2, 3]);
    expect([...toggle(tree, new Set([2, 3]), byId(2), false)]).toEqual([]);
    // the grantable ones: button 4 is not the user's to give
    expect([...toggle(tree, new Set(), byId(2), true)].sort()).toEqual([2, 3]);
    expect([...toggle(tree, new Set([2]), byId(2), true)].sort()).toEqual([2, 3]);
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

describe('permission tree: exact outcomes', () => {
  it('a section’s state counts pages and buttons under it at any depth', () => {
    expect(checkState(byId(1), new Set())).toBe(false);
    expect(checkState(byId(1), new Set([2, 3, 4, 5]))).toBe(true);
    expect(checkState(byId(1), new Set([4]))).toBe('mixed');
    expect(checkState(byId(1), new Set([1]))).toBe(false); // a section's own id is not a grant
    expect(checkState(byId(2), new Set([3]))).toBe(false); // a page is its own grant
    expect(checkState(byId(3), new Set([3]))).toBe(true);
  });

  it('toggles: a section sets every grantable page and button under it; a page takes its buttons; a button brings its page', () => {
    expect([...toggle(tree, new Set(), byId(1), true)].sort()).toEqual([2, 3, 5]);
    expect([...toggle(tree, new Set([2, 3, 4, 5]), byId(1), false)].sort()).toEqual([4]);
    expect([...toggle(tree, new Set([2, 3, 4]), byId(2), false)].sort()).toEqual([4]);
    expect([...toggle(tree, new Set([3]), byId(2), true)].sort()).toEqual([2, 3]);
    expect([...toggle(tree, new Set(), byId(3), true)].sort()).toEqual([2, 3]);
    expect([...toggle(tree, new Set([2, 3]), byId(3), false)].sort()).toEqual([2]);
    const lockedPage = [node(10, 'p', [button(11, 'b', 'x:y')], { grantable: false })];
    expect([...toggle(lockedPage, new Set(), lockedPage[0].children[0], true)]).toEqual([11]);
  });

  it('a tree arrives with its checked pages and buttons, never its sections', () => {
    const arriving = [node(1, 's', [node(2, 'p', [button(3, 'b', 'c', { checked: true })], { checked: true })], { checked: true })];
    expect([...initialChecked(arriving)]).toEqual([2, 3]);
  });

  it('filters by name or code in any case, trimmed, keeping ancestors and only the matching branches', () => {
    const hit = filterTree(tree, '  USER:ADD ');
    expect(hit).toHaveLength(1);
    expect(hit[0].children.map((n) => n.id)).toEqual([2]);
    expect(hit[0].children[0].children.map((n) => n.id)).toEqual([3]);
    expect(filterTree(tree, '角色').map((n) => n.children.map((c) => c.id))).toEqual([[5]]);
    // a match keeps the node with all its children
    expect(filterTree(tree, '用户管理')[0].children[0].children.map((n) => n.id)).toEqual([3, 4]);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    expect(filterTree(tree, '   ')).toEqual(tree);
  });

  it('names the changes, and an unknown id by its number', () => {
    expect(changes(tree, [99], [98, 2])).toEqual({ added: ['#98', '用户管理'], removed: ['#99'] });
    expect(changes(tree, [2], [2])).toEqual({ added: [], removed: [] });
  });

  it('shows the shared catalogue as a check tree: a wrapper without a name is 首页, tenant entries left out, unless asked', () => {
    const catalogue = [
      { id: 1, name: '', code: '', uriType: 1, tenantId: null, wrapper: true, component: '', children: [] },
      {
        id: 2,
        name: '系统管理',
        code: '',
        uriType: 1,
        tenantId: null,
        wrapper: false,
        component: '',
        children: [
          { id: 3, name: '新增', code: 'user:add', uriType: 2, tenantId: null, wrapper: false, component: '', children: [] },
          { id: 4, name: '自建', code: '', uriType: 1, tenantId: 5, wrapper: false, component: '', children: [] },
        ],
      },
    ];
    const seen: Array<[number, number[]]> = [];
    const built = catalogueTree(catalogue, new Set([3]), (n, ancestors) => (seen.push([n.id, ancestors.map((a) => a.id)]), n.id !== 2));
    expect(built).toEqual([
      { id: 1, name: '首页', button: false, checked: false, grantable: true, children: [] },
      {
        id: 2,
        name: '系统管理',
        button: false,
        checked: false,
        grantable: false,
        children: [{ id: 3, name: '新增', code: 'user:add', button: true, checked: true, grantable: true, children: [] }],
      },
    ]);
    expect(seen).toEqual([
      [1, []],
      [2, []],
      [3, [2]],
    ]);
    const all = catalogueTree(catalogue, new Set(), () => true, { sharedOnly: false });
    expect(all[1].children.map((n) => n.id)).toEqual([3, 4]);
  });
});
