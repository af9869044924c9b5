/** An entry of the menu editor's tree (/v1/menu/tree), as the platform tests read it. */
export interface TreeNode {
  id: number;
  name: string;
  path: string;
  component: string;
  code: string;
  uriType: number;
  tenantId: number | null;
  children: TreeNode[];
}

/** Every entry of a tree, parents before their children. */
export const flat = <N extends { children: N[] }>(nodes: readonly N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
