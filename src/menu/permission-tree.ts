import type { PermissionNode } from '@/api/table/roles.ts';

/** A menu entry or button in a role's permission tree (the answer of /v1/role/queryRolePemission). */
export type PermissionTreeNode = PermissionNode;

export type CheckState = boolean | 'mixed';

/**
 * A section groups pages (its state comes from them); a page is a permission of its own (its buttons hang below
 * it); a button is a leaf.
 */
export function kindOf(node: PermissionTreeNode): 'section' | 'page' | 'button' {
  if (node.button) return 'button';
  return node.children.some((c) => !c.button) ? 'section' : 'page';
}

const descendants = (node: PermissionTreeNode): PermissionTreeNode[] => node.children.flatMap((c) => [c, ...descendants(c)]);
export const flatten = (nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] => nodes.flatMap((n) => [n, ...descendants(n)]);

/** What a checkbox shows: a page or button its own grant; a section checked, mixed or not from the pages and buttons under it. */
export function checkState(node: PermissionTreeNode, checked: ReadonlySet<number>): CheckState {
  if (kindOf(node) !== 'section') return checked.has(node.id);
  const under = descendants(node).filter((d) => kindOf(d) !== 'section');
  const on = under.filter((d) => checked.has(d.id)).length;
  return on === 0 ? false : on === under.length ? true : 'mixed';
}

/**
 * The checked set after the user ticks or clears a node. Only what the user may grant changes. A section sets
 * every page and button under it; a page takes its buttons with it, ticked or cleared (a page given without its
 * buttons shows them disabled; the user may clear one afterwards); a button brings its page.
 */
export function toggle(
  nodes: readonly PermissionTreeNode[],
  checked: ReadonlySet<number>,
  node: PermissionTreeNode,
  on: boolean,
): Set<number> {
  const next = new Set(checked);
  const set = (n: PermissionTreeNode, value: boolean) => {
    if (!n.grantable) return;
    if (value) next.add(n.id);
    else next.delete(n.id);
  };
  const kind = kindOf(node);
  if (kind === 'section') for (const d of descendants(node)) if (kindOf(d) !== 'section') set(d, on);
  if (kind === 'page') {
    set(node, on);
    node.children.forEach((b) => set(b, on));
  }
  if (kind === 'button') {
    set(node, on);
    const page = flatten(nodes).find((p) => p.children.includes(node));
    if (on && page && !next.has(page.id)) set(page, true);
  }
  return next;
}

/** The menu ids to save: every checked page and button, and every section with something checked under it. */
export function toSave(nodes: readonly PermissionTreeNode[], checked: ReadonlySet<number>): number[] {
  return flatten(nodes)
    .filter((n) => (kindOf(n) === 'section' ? checkState(n, checked) !== false : checked.has(n.id)))
    .map((n) => n.id)
    .sort((a, b) => a - b);
}

/** The checked set a tree arrives with (sections are derived, so only pages and buttons count). */
export const initialChecked = (nodes: readonly PermissionTreeNode[]): Set<number> =>
  new Set(
    flatten(nodes)
      .filter((n) => n.checked && kindOf(n) !== 'section')
      .map((n) => n.id),
  );

/** The nodes whose name or code contains the text (case-insensitive), with their ancestors; all when the text is empty. */
export function filterTree(nodes: readonly PermissionTreeNode[], text: string): PermissionTreeNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...nodes];
  const keep = (n: PermissionTreeNode): PermissionTreeNode | null => {
    if (n.name.toLowerCase().includes(q) || n.code?.toLowerCase().includes(q)) return n;
    const children = n.children.map(keep).filter((c): c is PermissionTreeNode => c !== null);
    return children.length ? { ...n, children } : null;
  };
  return nodes.map(keep).filter((n): n is PermissionTreeNode => n !== null);
}

/** What a save would change, by name, for the confirmation. */
export function changes(nodes: readonly PermissionTreeNode[], before: readonly number[], after: readonly number[]) {
  const name = new Map(flatten(nodes).map((n) => [n.id, n.name]));
  const was = new Set(before);
  const will = new Set(after);
  return {
    added: after.filter((id) => !was.has(id)).map((id) => name.get(id) ?? `#${id}`),
    removed: before.filter((id) => !will.has(id)).map((id) => name.get(id) ?? `#${id}`),
  };
}

/** A node of the menu catalogue (/v1/menu/tree) as the tree needs it. */
export interface CatalogueLike {
  id: number;
  name: string;
  code: string;
  uriType: number;
  tenantId: number | null;
  wrapper: boolean;
  component: string;
  children: readonly CatalogueLike[];
}

/**
 * The shared part of the menu catalogue as a check tree: tenant-own entries are left out; `checked` says which
 * entries start ticked, `grantable` which may change (e.g. a platform page for an ordinary tenant may not).
 */
export function catalogueTree(
  nodes: readonly CatalogueLike[],
  checked: ReadonlySet<number>,
  grantable: (node: CatalogueLike, ancestors: readonly CatalogueLike[]) => boolean,
  { sharedOnly = true }: { sharedOnly?: boolean } = {},
): PermissionTreeNode[] {
  const walk = (list: readonly CatalogueLike[], ancestors: readonly CatalogueLike[]): PermissionTreeNode[] =>
    list
      .filter((n) => !sharedOnly || n.tenantId === null)
      .map((n) => ({
        id: n.id,
        name: n.wrapper && !n.name ? '首页' : n.name,
        ...(n.code ? { code: n.code } : {}),
        button: n.uriType === 2,
        checked: checked.has(n.id),
        grantable: grantable(n, ancestors),
        children: walk(n.children, [...ancestors, n]),
      }));
  return walk(nodes, []);
}
