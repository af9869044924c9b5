import { assign, fromPromise, setup } from 'xstate';
import { menuEntryProblems, type MenuEntryFields } from '@/api/schema/system/menu.ts';
import type { MenuEntry } from '@/api/table/platform.ts';

/** A catalogue entry with its children (/v1/menu/tree). */
export type CatalogueEntry = MenuEntry & { children: CatalogueEntry[] };

/** The entry being edited; no id: a new one. */
export type MenuDraft = MenuEntryFields & { id?: number };

/** What a refused call tells the editor: its message, and the field it is about (shown under it). */
export interface EditorFailure {
  message: string;
  field?: string;
}

/** Something the user asked for while there were unsaved changes: done once they agree to drop them. */
type Pending = { type: 'select'; id: number } | { type: 'new'; parentId: number | null; uriType: 1 | 2 };

export interface MenuEditorContext {
  catalogue: CatalogueEntry[];
  selectedId: number | null;
  draft: MenuDraft | null;
  /** the draft as last saved (or as the new entry started): the draft differs from it when there are changes */
  saved: MenuDraft | null;
  pending: Pending | null;
  /** the server refused a save on this field */
  fieldError: EditorFailure | null;
  /** a save was tried with the rules broken: every field shows its problem */
  showProblems: boolean;
}

export type MenuEditorEvent =
  | { type: 'RELOAD' }
  | { type: 'SELECT'; id: number }
  | { type: 'NEW'; parentId: number | null; uriType: 1 | 2 }
  | { type: 'EDIT'; patch: Partial<MenuEntryFields> }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  /** drag and drop: put the entry under parentId at index among its siblings */
  | { type: 'MOVE'; id: number; parentId: number | null; index: number }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

/** The entry with this id anywhere in the tree. */
export function findEntry(nodes: readonly CatalogueEntry[], id: number | null): CatalogueEntry | null {
  if (id === null) return null;
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findEntry(n.children, id);
    if (below) return below;
  }
  return null;
}

/** The editable fields of an entry. */
export const draftOf = (e: MenuEntry): MenuDraft => ({
  id: e.id,
  parentId: e.parentId,
  name: e.name,
  nameEn: e.nameEn ?? '',
  path: e.path,
  icon: e.icon,
  uriType: e.uriType,
  needButtonPermission: e.needButtonPermission,
  component: e.component,
  code: e.code,
});

const blank = (parentId: number | null, uriType: 1 | 2): MenuDraft => ({
  parentId,
  name: '',
  nameEn: '',
  path: '',
  icon: '',
  uriType,
  needButtonPermission: false,
  component: '',
  code: '',
});

const same = (a: MenuDraft | null, b: MenuDraft | null) => JSON.stringify(a) === JSON.stringify(b);

const failureOf = (error: unknown): EditorFailure => {
  const e = error as { message?: unknown; field?: unknown } | null;
  return {
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.field === 'string' ? { field: e.field } : {}),
  };
};

/**
 * The menu editor: the catalogue tree, one entry's form, drag and drop, delete with confirmation. An
 * entry with unsaved changes is never dropped silently: choosing another entry or starting a new one asks first.
 * A save refused on a field keeps the draft and names the field; every change reloads the catalogue.
 */
export const menuEditorMachine = setup({
  types: { context: {} as MenuEditorContext, events: {} as MenuEditorEvent },
  actors: {
    loadCatalogue: fromPromise<CatalogueEntry[]>(notProvided('loadCatalogue')),
    saveEntry: fromPromise<{ id: number }, { draft: MenuDraft }>(notProvided('saveEntry')),
    moveEntry: fromPromise<unknown, { id: number; parentId: number | null; index: number }>(notProvided('moveEntry')),
    deleteEntry: fromPromise<unknown, { id: number }>(notProvided('deleteEntry')),
  },
  guards: {
    /** an existing entry's edit that puts every field back as saved */
    editRestores: ({ context, event }) =>
      event.type === 'EDIT' && context.draft?.id !== undefined && same({ ...context.draft, ...event.patch }, context.saved),
    draftValid: ({ context }) => context.draft !== null && Object.keys(menuEntryProblems(context.draft)).length === 0,
    anotherEntry: ({ context, event }) => event.type === 'SELECT' && event.id !== context.selectedId,
    hasSavedEntry: ({ context }) => context.draft?.id !== undefined,
    hasDraft: ({ context }) => context.draft !== null,
    pendingIsNew: ({ context }) => context.pending?.type === 'new',
  },
  actions: {
    select: assign(({ context, event }) => {
      if (event.type !== 'SELECT') return {};
      const entry = findEntry(context.catalogue, event.id);
      const draft = entry ? draftOf(entry) : null;
      return { selectedId: entry ? event.id : null, draft, saved: draft, fieldError: null, showProblems: false };
    }),
    startNew: assign(({ event }) => {
      if (event.type !== 'NEW') return {};
      const draft = blank(event.parentId, event.uriType);
      return { draft, saved: draft, fieldError: null, showProblems: false };
    }),
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT' || !context.draft) return {};
      const clears = context.fieldError?.field !== undefined && context.fieldError.field in event.patch;
      return { draft: { ...context.draft, ...event.patch }, fieldError: clears ? null : context.fieldError };
    }),
    revert: assign(({ context }) => {
      const entry = findEntry(context.catalogue, context.selectedId);
      const draft = entry ? draftOf(entry) : null;
      return { draft, saved: draft, fieldError: null, showProblems: false };
    }),
    holdPending: assign(({ event }) => ({
      pending:
        event.type === 'SELECT'
          ? { type: 'select' as const, id: event.id }
          : event.type === 'NEW'
            ? { type: 'new' as const, parentId: event.parentId, uriType: event.uriType }
            : null,
    })),
    applyPending: assign(({ context }) => {
      const p = context.pending;
      if (!p) return {};
      if (p.type === 'new') {
        const draft = blank(p.parentId, p.uriType);
        return { pending: null, draft, saved: draft, fieldError: null, showProblems: false };
      }
      const entry = findEntry(context.catalogue, p.id);
      const draft = entry ? draftOf(entry) : null;
      return { pending: null, selectedId: entry ? p.id : null, draft, saved: draft, fieldError: null, showProblems: false };
    }),
    dropPending: assign({ pending: null }),
    showProblems: assign({ showProblems: true }),
    /** after a reload: the selection's entry as the server now has it (gone: nothing selected) */
    takeCatalogue: assign(({ context }, params: { catalogue: CatalogueEntry[] }) => {
      const entry = findEntry(params.catalogue, context.selectedId);
      const draft = entry ? draftOf(entry) : null;
      return { catalogue: params.catalogue, selectedId: entry ? entry.id : null, draft, saved: draft };
    }),
  },
}).createMachine({
  id: 'menuEditor',
  context: { catalogue: [], selectedId: null, draft: null, saved: null, pending: null, fieldError: null, showProblems: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: { target: 'ready', actions: { type: 'takeCatalogue', params: ({ event }) => ({ catalogue: event.output }) } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The catalogue did not load (the shell said why): try again.',
      on: { RELOAD: 'loading' },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          description: 'An entry (or none) is shown as saved.',
          on: {
            SELECT: { actions: 'select' },
            NEW: { target: 'editing', actions: 'startNew' },
            EDIT: { guard: 'hasDraft', target: 'editing', actions: 'edit' },
            MOVE: 'moving',
            DELETE: { guard: 'hasSavedEntry', target: 'confirmingDelete' },
            RELOAD: 'reloading',
          },
        },
        editing: {
          description: 'The form differs from the saved entry (or is a new one).',
          on: {
            EDIT: [{ guard: 'editRestores', target: 'browsing', actions: 'edit' }, { actions: 'edit' }],
            SAVE: [{ guard: 'draftValid', target: 'saving' }, { actions: 'showProblems' }],
            CANCEL: { target: 'browsing', actions: 'revert' },
            SELECT: { guard: 'anotherEntry', target: 'confirmingDiscard', actions: 'holdPending' },
            NEW: { target: 'confirmingDiscard', actions: 'holdPending' },
          },
        },
        confirmingDiscard: {
          description: '有未保存的修改，确定放弃吗？ before another entry or a new one replaces the form.',
          on: {
            CONFIRM: [
              { guard: 'pendingIsNew', target: 'editing', actions: 'applyPending' },
              { target: 'browsing', actions: 'applyPending' },
            ],
            DISMISS: { target: 'editing', actions: 'dropPending' },
          },
        },
        saving: {
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => ({ draft: context.draft! }),
            onDone: {
              target: 'reloading',
              actions: assign(({ event }) => ({ selectedId: event.output.id, fieldError: null, showProblems: false })),
            },
            onError: { target: 'editing', actions: assign({ fieldError: ({ event }) => failureOf(event.error) }) },
          },
        },
        moving: {
          invoke: {
            id: 'moveEntry',
            src: 'moveEntry',
            input: ({ event }) => {
              const e = event as Extract<MenuEditorEvent, { type: 'MOVE' }>;
              return { id: e.id, parentId: e.parentId, index: e.index };
            },
            onDone: 'reloading',
            // Refused (the shell said why): the tree stays as the server has it.
            onError: 'browsing',
          },
        },
        confirmingDelete: {
          description: 'The user is told what goes with the entry (children, buttons, grants) and asked.',
          on: { CONFIRM: 'deleting', DISMISS: 'browsing' },
        },
        deleting: {
          invoke: {
            id: 'deleteEntry',
            src: 'deleteEntry',
            input: ({ context }) => ({ id: context.draft!.id! }),
            onDone: { target: 'reloading', actions: assign({ selectedId: null, draft: null, saved: null }) },
            onError: 'browsing',
          },
        },
        reloading: {
          invoke: {
            id: 'loadCatalogue',
            src: 'loadCatalogue',
            onDone: { target: 'browsing', actions: { type: 'takeCatalogue', params: ({ event }) => ({ catalogue: event.output }) } },
            onError: 'browsing',
          },
        },
      },
    },
  },
});
