import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeSideEntry, buildMenuModel, joinPath, parseIcon } from '../../src/menu/menu-model.ts';
import type { MenuNode } from '../../src/api/contract.ts';

const icon = (hidden: boolean) => JSON.stringify({ icon: 'x', name: 'n', hidden });

/** Menu trees as a server might send them, including broken ones. */
const segment = fc.constantFrom('a', 'b', 'c', 'users', 'roles', '用户', 'x-y');
const nodeArb: fc.Memo<MenuNode> = fc.memo((depth) =>
  fc.record(
    {
      id: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant(null), fc.constant(undefined)),
      name: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('用户管理', '角色', 'Users')),
      path: fc.oneof(
        segment,
        segment.map((s) => `/${s}`),
        fc.constant(''),
        fc.constant('/'),
      ),
      icon: fc.oneof(fc.constant(icon(true)), fc.constant(icon(false)), fc.constant('{not json'), fc.constant('')),
      uriType: fc.constantFrom(1, 2, undefined),
      needButtonPermission: fc.boolean(),
      component: fc.constantFrom('manage/users', '', 'user-center/user-info'),
      code: fc.constantFrom('user:add', 'user:del', undefined),
      children: depth > 0 ? fc.array(nodeArb(depth - 1), { maxLength: 4 }) : fc.constant(undefined),
    },
    { requiredKeys: [] },
  ),
);
const treeArb = fc.array(nodeArb(4), { maxLength: 6 });

/** Every node of a tree with the hidden flag it inherits. */
function* walk(nodes: MenuNode[], hidden = false): Generator<{ node: MenuNode; hidden: boolean }> {
  for (const n of nodes) {
    const h = hidden || parseIcon(n.icon).hidden;
    yield { node: n, hidden: h };
    if (Array.isArray(n.children)) yield* walk(n.children, h);
  }
}

describe('buildMenuModel (properties)', () => {
  it('never throws, whatever the tree', () => {
    fc.assert(
      fc.property(fc.oneof(treeArb, fc.anything()), (tree) => {
        buildMenuModel(tree);
      }),
      { numRuns: 500 },
    );
  });

  it('hidden entries never reach the side menu', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const model = buildMenuModel(tree);
        const hiddenPaths = new Set(model.routes.filter((r) => r.hidden).map((r) => r.path));
        for (const e of model.side) for (const l of e.leaves) expect(hiddenPaths.has(l.path)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('buttons (uriType 2) never become pages', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        // Ids must name one node each for this check; the generator may repeat them.
        let next = 1;
        for (const { node } of walk(tree)) if (typeof node.id === 'number') node.id = next++;
        const model = buildMenuModel(tree);
        const buttonIds = new Set(
          [...walk(tree)].filter(({ node }) => Number(node.uriType) === 2 && typeof node.id === 'number').map(({ node }) => node.id),
        );
        for (const r of model.routes) expect(r.menuId === null || !buttonIds.has(r.menuId)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('/ always resolves: home is a visible route, or null only when no visible route exists', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const model = buildMenuModel(tree);
        const visible = model.routes.filter((r) => !r.hidden);
        if (model.home === null) expect(visible).toHaveLength(0);
        else expect(visible.map((r) => r.path)).toContain(model.home);
      }),
      { numRuns: 300 },
    );
  });

  it('routes have unique absolute paths and every side leaf is a route', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const model = buildMenuModel(tree);
        const paths = model.routes.map((r) => r.path);
        expect(new Set(paths).size).toBe(paths.length);
        for (const p of paths) expect(p).toMatch(/^\/(?!\/)/);
        for (const e of model.side) {
          for (const l of e.leaves) expect(paths).toContain(l.path);
          expect(e.leaves.map((l) => l.path)).toContain(e.target);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('survives very deep nesting', () => {
    let node: MenuNode = { id: 1, name: 'leaf', path: 'leaf' };
    for (let i = 0; i < 5000; i++) node = { id: i + 2, name: `n${i}`, path: `p${i % 3}`, children: [node] };
    expect(() => buildMenuModel([node])).not.toThrow();
  });
});

describe('buildMenuModel (examples)', () => {
  const tree: MenuNode[] = [
    { id: null, name: '', children: [{ id: 2, name: '工作台', path: '/dashboard', icon: icon(false) }] },
    {
      id: 10,
      name: '系统管理',
      path: '/manage',
      children: [
        {
          id: 11,
          name: '用户管理',
          path: '/manage/users',
          needButtonPermission: true,
          children: [
            { id: 12, name: '新增', uriType: 2, code: 'user:add' },
            { id: 13, name: '删除', uriType: 2, code: 'user:del' },
          ],
        },
        { id: 14, name: '隐藏页', path: 'secret', icon: icon(true) },
        { id: 15, name: '角色管理', path: 'roles' },
      ],
    },
  ];
  const model = buildMenuModel(tree);

  it('promotes a wrapper first child and sends / to the first leaf', () => {
    expect(model.side[0]).toMatchObject({ title: '工作台', name: 'dashboard', target: '/dashboard' });
    expect(model.home).toBe('/dashboard');
  });

  it('collects button codes on their page and joins relative paths', () => {
    const users = model.routes.find((r) => r.path === '/manage/users');
    expect(users?.buttons).toEqual(['user:add', 'user:del']);
    expect(users?.trail).toEqual(['系统管理']);
    expect(model.routes.map((r) => r.path)).toEqual(['/dashboard', '/manage/users', '/manage/secret', '/manage/roles']);
  });

  it('keeps hidden pages routable but out of the side menu, and knows their section', () => {
    expect(model.side[1].leaves.map((l) => l.title)).toEqual(['用户管理', '角色管理']);
    expect(activeSideEntry(model, '/manage/secret')?.title).toBe('系统管理');
  });

  it('joins paths', () => {
    expect(joinPath('/a', 'b')).toBe('/a/b');
    expect(joinPath('/a', '/c')).toBe('/c');
    expect(joinPath('', 'x/')).toBe('/x');
  });

  it('reads broken icon JSON as visible', () => {
    expect(parseIcon('{oops')).toEqual({ icon: '', name: '', hidden: false });
    expect(parseIcon('{"hidden":"true"}').hidden).toBe(true);
  });
});
