import type { MenuNode } from '@/api/table/session.ts';

/** A page route built from the menu. */
export interface AppRoute {
  /** absolute path, e.g. /manage/users */
  path: string;
  /** route name: the last path segment (icons, keep-alive and page names use it) */
  name: string;
  title: string;
  component: string;
  hidden: boolean;
  needButtonPermission: boolean;
  /** codes of the type-2 children: the buttons this page may enable */
  buttons: string[];
  /** titles of the entries above this one, outermost first */
  trail: string[];
  menuId: number | null;
  /** key of the side-menu entry (first-level) this route belongs to */
  section: string;
}

export interface SideLeaf {
  title: string;
  path: string;
  name: string;
}

/** A first-level entry of the side menu with the leaves of its second panel. */
export interface SideEntry {
  key: string;
  title: string;
  /** route name the icon is chosen by */
  name: string;
  /** the icon its JSON names (the menu editor's pick): used when the route name has no icon of its own */
  icon: string;
  /** where a click on the entry goes: its first non-hidden leaf */
  target: string;
  leaves: SideLeaf[];
}

export interface MenuModel {
  routes: AppRoute[];
  side: SideEntry[];
  /** where / goes: the first non-hidden leaf route, or null for an empty menu */
  home: string | null;
}

export interface IconInfo {
  icon: string;
  name: string;
  hidden: boolean;
}

/** Reads the icon JSON string of a menu node; anything unreadable means a visible entry with no icon. */
export function parseIcon(icon: unknown): IconInfo {
  let v: unknown = icon;
  if (typeof icon === 'string') {
    try {
      v = JSON.parse(icon);
    } catch {
      return { icon: '', name: '', hidden: false };
    }
  }
  if (typeof v !== 'object' || v === null) return { icon: '', name: '', hidden: false };
  const o = v as Record<string, unknown>;
  return {
    icon: typeof o.icon === 'string' ? o.icon : '',
    name: typeof o.name === 'string' ? o.name : '',
    hidden: o.hidden === true || o.hidden === 'true',
  };
}

const isButton = (n: MenuNode) => Number(n.uriType) === 2;
const isWrapper = (n: MenuNode) => n.id === null || n.id === undefined;
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Joins a child path to its parent's; absolute child paths stand alone. Always one leading slash, no trailing. */
export function joinPath(parent: string, child: string): string {
  const raw = child.startsWith('/') ? child : `${parent}/${child}`;
  // Fast path for the usual clean segments; the regexes only run on odd input.
  if (raw.length > 1 && raw.charCodeAt(0) === 47 && !raw.includes('//') && !raw.endsWith('/')) return raw;
  const clean = raw.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return clean.startsWith('/') ? clean : `/${clean}`;
}

/** The last segment of a path joinPath made (never a trailing slash; '/' has none). */
const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function buttonCodes(kids: MenuNode[]): string[] {
  const codes: string[] = [];
  for (const b of kids) {
    if (!isButton(b)) continue;
    const code = text(b.code) || text(b.name);
    if (code) codes.push(code);
  }
  return codes;
}

function childrenOf(n: MenuNode): MenuNode[] {
  return Array.isArray(n.children) ? n.children.filter((c): c is MenuNode => typeof c === 'object' && c !== null) : [];
}

/**
 * Builds routes, the side menu and the home path from the menu tree the server sent. Never throws: bad icon
 * JSON, missing fields and odd shapes are read as best they can be.
 * @example buildMenuModel([{ id: 1, name: '系统管理', path: '/manage', children: [...] }]).home
 */
export function buildMenuModel(tree: unknown, maxDepth = 64, english = false): MenuModel {
  const routes: AppRoute[] = [];
  const seen = new Set<string>();
  const nameOf = (node: MenuNode) => (english && text(node.nameEn)) || text(node.name);
  const roots = Array.isArray(tree) ? tree.filter((n): n is MenuNode => typeof n === 'object' && n !== null) : [];

  const walk = (node: MenuNode, parentPath: string, trail: string[], hiddenAbove: boolean, depth: number, section: string) => {
    if (depth > maxDepth || isButton(node)) return;
    const icon = parseIcon(node.icon);
    const title = nameOf(node) || icon.name;
    const hidden = hiddenAbove || icon.hidden;
    // a wrapper (no id) gets path /, and its children are placed under it.
    const ownPath = isWrapper(node) ? '/' : text(node.path);
    const path = ownPath ? joinPath(parentPath, ownPath) : parentPath;
    const kids = childrenOf(node);
    const pages = kids.filter((k) => !isButton(k));
    if (pages.length === 0 && !isWrapper(node) && ownPath && !seen.has(path) && path !== '/') {
      seen.add(path);
      routes.push({
        path,
        name: lastSegment(path),
        title,
        component: text(node.component),
        hidden,
        needButtonPermission: node.needButtonPermission === true,
        buttons: buttonCodes(kids),
        trail,
        menuId: typeof node.id === 'number' ? node.id : null,
        section,
      });
    }
    const childTrail = isWrapper(node) || !title ? trail : [...trail, title];
    for (const k of pages) walk(k, path, childTrail, hidden, depth + 1, section);
  };
  roots.forEach((root, i) => walk(root, '', [], false, 0, sectionKey(i)));

  // The side menu: one entry per visible root; a wrapper shows as its promoted first child.
  const side: SideEntry[] = [];
  const bySection = new Map<string, AppRoute[]>();
  for (const r of routes) {
    const list = bySection.get(r.section);
    if (list) list.push(r);
    else bySection.set(r.section, [r]);
  }
  for (const [i, root] of roots.entries()) {
    if (isButton(root) || parseIcon(root.icon).hidden) continue;
    const promoted = isWrapper(root) ? childrenOf(root).find((c) => !isButton(c)) : root;
    if (!promoted) continue;
    const base = isWrapper(root) ? '/' : '';
    const leaves = (bySection.get(sectionKey(i)) ?? [])
      .filter((r) => !r.hidden)
      .map((r) => ({ title: r.title, path: r.path, name: r.name }));
    if (leaves.length === 0) continue;
    const promotedPath = text(promoted.path);
    side.push({
      key: sectionKey(i),
      title: nameOf(promoted) || parseIcon(promoted.icon).name || leaves[0].title,
      name: lastSegment(promotedPath ? joinPath(base, promotedPath) : leaves[0].path) || leaves[0].name,
      icon: parseIcon(promoted.icon).icon,
      target: leaves[0].path,
      leaves,
    });
  }
  const home = side[0]?.target ?? routes.find((r) => !r.hidden)?.path ?? null;
  return { routes, side, home };
}

const sectionKey = (i: number) => `s${i}`;

/** The route a path names, if any. */
export function findRoute(model: MenuModel, path: string): AppRoute | undefined {
  return model.routes.find((r) => r.path === path);
}

/** The side entry whose panel holds path (the active first-level entry), hidden routes included. */
export function activeSideEntry(model: MenuModel, path: string): SideEntry | undefined {
  const section = findRoute(model, path)?.section;
  return section === undefined ? undefined : model.side.find((e) => e.key === section);
}
