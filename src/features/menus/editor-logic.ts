import { fromPromise } from 'xstate';
import { menuEditorMachine, type CatalogueEntry, type MenuDraft } from '@machines/menu-editor.machine.ts';
import { ApiFailure } from '@/api/errors.ts';
import type { menuApi } from '@/api/table/platform.ts';
import type { Bound } from '@/api/client.ts';
import { parseIcon } from '@/menu/menu-model.ts';

/** The editor's machine with the real calls: failures reach it as { message, field }. */
export function createMenuEditorLogic(calls: Bound<typeof menuApi>) {
  const plain = (err: unknown) => {
    if (err instanceof ApiFailure) return { message: err.failure.message, field: err.failure.field };
    return { message: err instanceof Error ? err.message : String(err) };
  };
  const wrap =
    <I, O>(fn: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) =>
      fn(input).catch((err: unknown) => Promise.reject(plain(err)));
  return menuEditorMachine.provide({
    actors: {
      loadCatalogue: fromPromise(wrap(async (): Promise<CatalogueEntry[]> => (await calls.catalogue({})).values)),
      saveEntry: fromPromise(
        wrap(({ draft }: { draft: MenuDraft }) => {
          const { id, ...rest } = draft;
          // A page's icon JSON always says its current name ({icon, name, hidden}), whatever was edited last.
          const icon = rest.uriType === 1 ? JSON.stringify({ ...parseIcon(rest.icon), name: rest.name }) : rest.icon;
          return calls.save(id === undefined ? { ...rest, icon } : { id, ...rest, icon }, { fieldErrors: true }).then((a) => a.values);
        }),
      ),
      moveEntry: fromPromise(
        wrap(({ id, parentId, index }: { id: number; parentId: number | null; index: number }): Promise<unknown> =>
          calls.move({ id, parentId, index }),
        ),
      ),
      // the editor has told the user what goes with it (children, grants) and they confirmed
      deleteEntry: fromPromise(wrap(({ id }: { id: number }): Promise<unknown> => calls.remove({ id, confirm: true }))),
    },
  });
}

export type Drop = { id: number; where: 'before' | 'after' | 'into' } | null;

export const RELOADING = JSON.stringify({ ready: 'reloading' });
export const CHANGES = ['saving', 'moving', 'deleting'].map((x) => JSON.stringify({ ready: x }));

export const countBelow = (e: CatalogueEntry): number => e.children.reduce((n, c) => n + 1 + countBelow(c), 0);
export const rolesBelow = (e: CatalogueEntry & { roleCount?: number }): number =>
  (e.roleCount ?? 0) + e.children.reduce((n, c) => n + rolesBelow(c), 0);
export const contains = (e: CatalogueEntry, id: number): boolean => e.id === id || e.children.some((c) => contains(c, id));
export const parentOf = (nodes: readonly CatalogueEntry[], id: number): CatalogueEntry | null => {
  for (const n of nodes) {
    if (n.children.some((c) => c.id === id)) return n;
    const p = parentOf(n.children, id);
    if (p) return p;
  }
  return null;
};
export const flat = (nodes: readonly CatalogueEntry[]): CatalogueEntry[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
