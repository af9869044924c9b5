import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuEditorMachine, type CatalogueEntry, type MenuEditorContext } from '@machines/menu-editor.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const entry = (id: number, name: string, parentId: number | null, extra: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id,
  parentId,
  name,
  nameEn: '',
  path: `/p${id}`,
  icon: '',
  uriType: 1,
  needButtonPermission: false,
  component: '',
  code: '',
  sort: 0,
  tenantId: null,
  wrapper: false,
  children: [],
  ...extra,
});
const users = entry(2, '用户管理', 1, { component: 'manage/users' });
const catalogue: CatalogueEntry[] = [{ ...entry(1, '系统管理', null), children: [users] }];
/** the catalogue after a save or move: the entry renamed */
const after: CatalogueEntry[] = [{ ...entry(1, '系统管理', null), children: [{ ...users, name: '账号管理' }] }];
const refused = { message: '路径已被“用户管理”使用', field: 'path' };

const EVENTS = [
  { type: 'xstate.done.actor.loadCatalogue', output: catalogue },
  { type: 'xstate.done.actor.loadCatalogue', output: after },
  { type: 'xstate.error.actor.loadCatalogue', error: new Error('网络繁忙，请刷新后重试！') },
  { type: 'RELOAD' },
  { type: 'SELECT', id: 2 },
  { type: 'SELECT', id: 1 },
  { type: 'NEW', parentId: 1, uriType: 1 },
  { type: 'EDIT', patch: { name: '账号管理' } },
  { type: 'EDIT', patch: { name: '用户管理' } },
  { type: 'EDIT', patch: { name: '报表', path: '/manage/report' } },
  { type: 'SAVE' },
  { type: 'CANCEL' },
  { type: 'MOVE', id: 2, parentId: null, index: 0 },
  { type: 'DELETE' },
  { type: 'CONFIRM' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.saveEntry', output: { id: 2 } },
  { type: 'xstate.error.actor.saveEntry', error: refused },
  { type: 'xstate.done.actor.moveEntry', output: undefined },
  { type: 'xstate.error.actor.moveEntry', error: new Error('不能移到自己或自己的下级之下') },
  { type: 'xstate.done.actor.deleteEntry', output: undefined },
  { type: 'xstate.error.actor.deleteEntry', error: new Error('平台管理页面不能删除') },
] as const;

function sut() {
  const { actors, settle, started, lastInput, log } = controllableActors(['loadCatalogue', 'saveEntry', 'moveEntry', 'deleteEntry']);
  const logic = menuEditorMachine.provide({
    actors: {
      loadCatalogue: actors.loadCatalogue,
      saveEntry: actors.saveEntry,
      moveEntry: actors.moveEntry,
      deleteEntry: actors.deleteEntry,
    } as never,
  });
  const actor = createActor(logic);
  actor.start();
  return { actor, settle, started, lastInput, log };
}

describe('menu editor machine (model-based)', () => {
  // States that differ only in the catalogue's names or a draft's text are one state to the model: what matters is
  // the state, whether an entry is selected, what the form holds, and what is pending or shown.
  const serializeState = (snap: { value: unknown; context: MenuEditorContext }) =>
    JSON.stringify({
      value: snap.value,
      selected: snap.context.selectedId,
      draft: snap.context.draft ? (snap.context.draft.id === undefined ? 'new' : 'saved') : 'none',
      pending: snap.context.pending?.type ?? null,
      fieldError: snap.context.fieldError !== null,
      showProblems: snap.context.showProblems,
    });
  const paths = modelPaths(menuEditorMachine, { events: EVENTS, serializeState });
  itReaches(paths, [
    'failed',
    'loading',
    ...['browsing', 'editing', 'confirmingDiscard', 'saving', 'moving', 'confirmingDelete', 'deleting', 'reloading'].map(
      (s) => `ready.${s}`,
    ),
  ]);

  const drive: Drive = async (path, table) => {
    const s = sut();
    await runPath(
      path,
      s,
      {
        // A save sends exactly the draft on screen.
        'ready.saving': (snap) => {
          expect(s.lastInput('saveEntry')).toEqual({ draft: snap.context.draft });
          expect(snap.context.draft).not.toBeNull();
        },
        // A move sends what was dropped where.
        'ready.moving': () => expect(s.lastInput('moveEntry')).toEqual({ id: 2, parentId: null, index: 0 }),
        // A delete is of the entry on screen, and only a saved one.
        'ready.deleting': (snap) => {
          expect(s.lastInput('deleteEntry')).toEqual({ id: snap.context.draft!.id });
          expect(snap.context.draft!.id).toBeDefined();
        },
        // Browsing: the form shows the entry as saved.
        'ready.browsing': (snap) => {
          expect(JSON.stringify(snap.context.draft)).toBe(JSON.stringify(snap.context.saved));
          expect(snap.context.pending).toBeNull();
        },
        // Editing: there is a draft, and it is new or differs from the saved entry.
        'ready.editing': (snap) => {
          const { draft, saved } = snap.context;
          expect(draft).not.toBeNull();
          expect(draft!.id === undefined || JSON.stringify(draft) !== JSON.stringify(saved)).toBe(true);
        },
        'ready.confirmingDiscard': (snap) => expect(snap.context.pending).not.toBeNull(),
      },
      table,
    );
  };
  itFollowsItsTable('menu-editor', menuEditorMachine, paths, drive);
});

describe('menu editor machine: what the user sees', () => {
  async function ready() {
    const s = sut();
    s.settle({ type: 'xstate.done.actor.loadCatalogue', output: catalogue } as never);
    await new Promise((r) => setTimeout(r, 0));
    return s;
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('a save refused on a field keeps the draft and names the field; editing that field clears it', async () => {
    const s = await ready();
    s.actor.send({ type: 'SELECT', id: 2 });
    s.actor.send({ type: 'EDIT', patch: { path: '/manage/roles' } });
    s.actor.send({ type: 'SAVE' });
    s.settle({ type: 'xstate.error.actor.saveEntry', error: refused } as never);
    await tick();
    let snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ ready: 'editing' });
    expect(snap.context.draft!.path).toBe('/manage/roles');
    expect(snap.context.fieldError).toEqual(refused);
    s.actor.send({ type: 'EDIT', patch: { name: '用户' } });
    expect(s.actor.getSnapshot().context.fieldError).toEqual(refused);
    s.actor.send({ type: 'EDIT', patch: { path: '/manage/accounts' } });
    snap = s.actor.getSnapshot();
    expect(snap.context.fieldError).toBeNull();
  });

  it('a draft that breaks the rules is not sent: every problem shows instead', async () => {
    const s = await ready();
    s.actor.send({ type: 'NEW', parentId: 1, uriType: 1 });
    s.actor.send({ type: 'SAVE' });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ ready: 'editing' });
    expect(snap.context.showProblems).toBe(true);
    expect(s.started).not.toContain('saveEntry');
  });

  it('choosing another entry with unsaved changes asks; dismissing keeps the changes, confirming shows the other entry', async () => {
    const s = await ready();
    s.actor.send({ type: 'SELECT', id: 2 });
    s.actor.send({ type: 'EDIT', patch: { name: '账号管理' } });
    s.actor.send({ type: 'SELECT', id: 1 });
    expect(s.actor.getSnapshot().value).toEqual({ ready: 'confirmingDiscard' });
    s.actor.send({ type: 'DISMISS' });
    expect(s.actor.getSnapshot().context.draft!.name).toBe('账号管理');
    expect(s.actor.getSnapshot().context.selectedId).toBe(2);
    s.actor.send({ type: 'SELECT', id: 1 });
    s.actor.send({ type: 'CONFIRM' });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ ready: 'browsing' });
    expect(snap.context.selectedId).toBe(1);
    expect(snap.context.draft!.name).toBe('系统管理');
  });

  it('after a save the entry is shown as the server now has it; after a delete nothing is selected', async () => {
    const s = await ready();
    s.actor.send({ type: 'SELECT', id: 2 });
    s.actor.send({ type: 'EDIT', patch: { name: '账号管理' } });
    s.actor.send({ type: 'SAVE' });
    s.settle({ type: 'xstate.done.actor.saveEntry', output: { id: 2 } } as never);
    await tick();
    s.settle({ type: 'xstate.done.actor.loadCatalogue', output: after } as never);
    await tick();
    let snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ ready: 'browsing' });
    expect(snap.context.saved!.name).toBe('账号管理');
    s.actor.send({ type: 'DELETE' });
    s.actor.send({ type: 'CONFIRM' });
    s.settle({ type: 'xstate.done.actor.deleteEntry', output: undefined } as never);
    await tick();
    snap = s.actor.getSnapshot();
    expect(snap.context.selectedId).toBeNull();
    expect(snap.context.draft).toBeNull();
  });
});
