import { buildMenuModel } from '@/menu/menu-model.ts';
import { median, round, timeEach } from './stats.ts';

/** A 5,000-node menu tree: 50 sections of 10 groups of 6 leaves, every other leaf with one button. */
export function bigTree(sections = 50, groups = 10, leaves = 6) {
  let id = 1;
  return Array.from({ length: sections }, (_, s) => ({
    id: id++,
    name: `区域${s}`,
    path: `/area-${s}`,
    icon: JSON.stringify({ icon: 'x', name: `区域${s}`, hidden: false }),
    children: Array.from({ length: groups }, (_, g) => ({
      id: id++,
      name: `分组${g}`,
      path: `group-${g}`,
      children: Array.from({ length: leaves }, (_, l) => ({
        id: id++,
        name: `页面 ${s}-${g}-${l}`,
        path: `page-${l}`,
        component: 'manage/users',
        needButtonPermission: l % 2 === 0,
        children: l % 2 === 0 ? [{ id: id++, name: '新增', code: 'x:add', uriType: 2 }] : [],
      })),
    })),
  }));
}

export function benchMenu() {
  const tree = bigTree();
  const nodes = JSON.stringify(tree).match(/"id":/g)!.length;
  const times = timeEach(
    Array.from({ length: 30 }, () => ''),
    () => buildMenuModel(tree),
    3,
  );
  return {
    nodes,
    routes: buildMenuModel(tree).routes.length,
    medianMs: round(median(times)),
    worstMs: round(Math.max(...times)),
    targetMs: 5,
  };
}
