import { fromPromise } from 'xstate';
import { pageBuilderMachine, type PageBuilderEvent } from '@machines/page-builder.machine.ts';
import type { pageApi } from '@/api/table/content.ts';
import type { Bound } from '@/api/client.ts';
import type { PageState } from '@/api/rules/page-rules.ts';
import { arrowStep } from './hot-zone-geometry.ts';
import { message } from './preview.tsx';

/** The builder's machine with the real calls: a page loaded by id, saved as new or as the next version. */
export const createBuilderLogic = (calls: Bound<typeof pageApi>) =>
  pageBuilderMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: { id: number } }) => {
        const found = await calls.query({ id: input.id }).catch((err: unknown) => Promise.reject(new Error(message(err))));
        const p = found.values.find((x) => x !== null);
        if (!p) throw new Error('页面不存在或已被删除');
        return { page: { pageData: p.pageData, rects: p.rects, pops: p.pops }, name: p.name, saved: { id: p.id, version: p.version } };
      }),
      savePage: fromPromise(
        async ({ input }: { input: { page: PageState; name: string; saved: { id: number; version: number } | null } }) => {
          const body = { name: input.name.trim(), ...input.page };
          const out = await (
            input.saved
              ? calls.update({ ...body, id: input.saved.id, version: input.saved.version }, { fieldErrors: true })
              : calls.insert(body, { fieldErrors: true })
          ).catch((err: unknown) => Promise.reject(new Error(message(err))));
          return { id: out.values.id, version: out.values.version };
        },
      ),
    },
  });

type Key = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

/**
 * What a key on the canvas asks of the builder: arrows nudge the chosen component (by 10 with Shift), Delete or
 * Backspace removes it, Ctrl+Z (Cmd+Z) undoes and with Shift redoes, Escape lets go of it.
 */
export function keyCommand(e: Key, hasSelection: boolean): PageBuilderEvent | null {
  const by = arrowStep(e.key, e.shiftKey ? 10 : 1);
  if (by && hasSelection) return { type: 'NUDGE', dx: by[0], dy: by[1] };
  if ((e.key === 'Delete' || e.key === 'Backspace') && hasSelection) return { type: 'DELETE' };
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return { type: e.shiftKey ? 'REDO' : 'UNDO' };
  if (e.key === 'Escape') return { type: 'DESELECT' };
  return null;
}
