import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeSideEntry, buildMenuModel, findRoute, joinPath, parseIcon } from '@/menu/menu-model.ts';
import type { MenuNode } from '@/api/table/session.ts';

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
  // built in each test, not while the file is collected (mutation testing activates a mutant per test)
  let model = null as unknown as ReturnType<typeof buildMenuModel>;
  beforeEach(() => void (model = buildMenuModel(tree)));

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
    expect(parseIcon('{"icon":"user","name":"用户","hidden":true}')).toEqual({ icon: 'user', name: '用户', hidden: true });
    expect(parseIcon({ icon: 'key', name: 7, hidden: 'yes' })).toEqual({ icon: 'key', name: '', hidden: false });
    expect(parseIcon('3')).toEqual({ icon: '', name: '', hidden: false });
    expect(parseIcon('null')).toEqual({ icon: '', name: '', hidden: false });
    expect(parseIcon(undefined)).toEqual({ icon: '', name: '', hidden: false });
  });

  it('finds a route and its side entry by path, and nothing for a path no route has', () => {
    expect(findRoute(model, '/manage/roles')).toMatchObject({ title: '角色管理', section: 's1', name: 'roles' });
    expect(findRoute(model, '/manage')).toBeUndefined();
    expect(activeSideEntry(model, '/manage/users')?.key).toBe('s1');
    expect(activeSideEntry(model, '/nowhere')).toBeUndefined();
  });
});

/**
 * SPEC 2's rules written plainly, a second time, as the oracle the property below compares buildMenuModel with:
 * every route's path, name, title, section, trail, buttons, flags and id, and the side menu entry by entry.
 */
function expectedModel(tree: MenuNode[]) {
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? `${v}` : '');
  const normal = (p: string) =>
    `/${p
      .split('/')
      .filter((s) => s !== '')
      .join('/')}`;
  const join = (parent: string, child: string) => normal(child.startsWith('/') ? child : `${parent}/${child}`);
  const last = (p: string) =>
    p
      .split('/')
      .filter((s) => s !== '')
      .at(-1) ?? '';
  const button = (n: MenuNode) => Number(n.uriType) === 2;
  const wrapper = (n: MenuNode) => n.id == null;
  const kids = (n: MenuNode) => (Array.isArray(n.children) ? n.children.filter((c) => typeof c === 'object' && c !== null) : []);
  const routes: Array<Record<string, unknown>> = [];
  const visit = (n: MenuNode, parent: string, trail: string[], hiddenAbove: boolean, section: string) => {
    if (button(n)) return;
    const meta = parseIcon(n.icon);
    const title = str(n.name) || meta.name;
    const own = wrapper(n) ? '/' : str(n.path);
    const path = own === '' ? parent : join(parent, own);
    const pages = kids(n).filter((k) => !button(k));
    const hidden = hiddenAbove || meta.hidden;
    if (!wrapper(n) && own !== '' && pages.length === 0 && path !== '/' && !routes.some((r) => r.path === path)) {
      routes.push({
        path,
        name: last(path),
        title,
        component: str(n.component),
        hidden,
        needButtonPermission: n.needButtonPermission === true,
        buttons: kids(n)
          .filter(button)
          .map((b) => str(b.code) || str(b.name))
          .filter((c) => c !== ''),
        trail,
        menuId: typeof n.id === 'number' ? n.id : null,
        section,
      });
    }
    for (const k of pages) visit(k, path, wrapper(n) || title === '' ? trail : [...trail, title], hidden, section);
  };
  const roots = tree.filter((n) => typeof n === 'object' && n !== null);
  roots.forEach((root, i) => visit(root, '', [], false, `s${i}`));
  const side = roots.flatMap((root, i) => {
    if (button(root) || parseIcon(root.icon).hidden) return [];
    const shown = wrapper(root) ? kids(root).find((k) => !button(k)) : root;
    const leaves = routes.filter((r) => r.section === `s${i}` && !r.hidden).map((r) => ({ title: r.title, path: r.path, name: r.name }));
    if (!shown || leaves.length === 0) return [];
    const own = str(shown.path);
    return [
      {
        key: `s${i}`,
        title: str(shown.name) || parseIcon(shown.icon).name || leaves[0].title,
        name: last(own ? join(wrapper(root) ? '/' : '', own) : (leaves[0].path as string)) || leaves[0].name,
        icon: parseIcon(shown.icon).icon,
        target: leaves[0].path,
        leaves,
      },
    ];
  });
  const home = side[0]?.target ?? routes.find((r) => !r.hidden)?.path ?? null;
  return { routes, side, home };
}

describe('buildMenuModel (against the rules written plainly)', () => {
  it('builds exactly the routes (paths, sections, trails, buttons) and side entries the rules say', () => {
    const withNames = fc.array(
      nodeArb(3).map((n) => ({ ...n, icon: n.icon === icon(false) ? JSON.stringify({ icon: 'i', name: 'from-icon' }) : n.icon })),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(withNames, (tree) => {
        expect(buildMenuModel(tree)).toEqual(expectedModel(tree));
      }),
      { numRuns: 1000 },
    );
  });

  it('stops at the depth it is given', () => {
    const deep: MenuNode = {
      id: 1,
      name: 'a',
      path: 'a',
      children: [{ id: 2, name: 'b', path: 'b', children: [{ id: 3, name: 'c', path: 'c' }] }],
    };
    expect(buildMenuModel([deep], 2).routes.map((r) => r.path)).toEqual(['/a/b/c']);
    expect(buildMenuModel([deep], 1).routes).toEqual([]);
  });

  it('in English, titles, trails and side entries use an entry’s English name where it has one', () => {
    const tree: MenuNode[] = [
      {
        id: 1,
        name: '系统管理',
        nameEn: 'System',
        path: '/manage',
        children: [
          { id: 2, name: '用户管理', nameEn: 'Users', path: 'users', component: 'manage/users' },
          { id: 3, name: '角色管理', path: 'roles', component: 'manage/roles' },
        ],
      },
    ];
    const en = buildMenuModel(tree, undefined, true);
    expect(en.routes.map((r) => [r.title, r.trail])).toEqual([
      ['Users', ['System']],
      ['角色管理', ['System']],
    ]);
    expect(en.side.map((e) => e.title)).toEqual(['System']);
    const zh = buildMenuModel(tree);
    expect(zh.routes.map((r) => [r.title, r.trail])).toEqual([
      ['用户管理', ['系统管理']],
      ['角色管理', ['系统管理']],
    ]);
    expect(zh.side.map((e) => e.title)).toEqual(['系统管理']);
  });
});

describe('dictionary options in the console’s language', () => {
  it('an option shows its English label in English where it has one, else its label', async () => {
    const { localLabel } = await import('@/api/contract/language.ts');
    expect(localLabel({ label: '旗舰', labelEn: 'Flagship' }, true)).toBe('Flagship');
    expect(localLabel({ label: '旗舰', labelEn: 'Flagship' }, false)).toBe('旗舰');
    expect(localLabel({ label: '社区' }, true)).toBe('社区');
    expect(localLabel({ label: '社区', labelEn: '  ' }, true)).toBe('社区');
  });
});
