import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { KEEP_ALIVE_MAX, TABS_MAX, tabsMachine } from '@machines/tabs.machine.ts';
import { describeValue, itFollowsItsTable, modelPaths, runPath, type Drive } from './harness.ts';

const open = (path: string, cacheable = true) => ({ type: 'OPEN' as const, path, cacheable });
const EVENTS = [
  open('/a'),
  open('/b'),
  open('/c'),
  open('/x', false),
  { type: 'DROP', path: '/a' },
  { type: 'CLOSE', path: '/b' },
  { type: 'CLOSE_OTHERS', path: '/c' },
  { type: 'CLOSE_LEFT', path: '/b' },
  { type: 'CLOSE_RIGHT', path: '/b' },
  { type: 'CLOSE_ALL' },
  { type: 'HOME', path: '/a' },
  { type: 'EVICT', path: '/c' },
  { type: 'MOVE', path: '/c', before: '/a' },
  { type: 'LIMIT', max: 2 },
];

describe('tabs machine (model-based)', () => {
  // The home page /h is pinned: a bar of 3 holds it and the two most recent others.
  const input = { tabsMax: 3, home: '/h' };
  // Every combination of kept pages the events can make (context is the state here), a few steps deep.
  const paths = modelPaths(tabsMachine, { events: [...EVENTS, open('/h')], input, limit: 100000, asIs: true });

  it('reaches many page sets, never more than 3 pages, never a non-whitelisted one, every kept page with its tab', () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      const { pages, tabs, home } = (p.state as unknown as { context: { pages: string[]; tabs: string[]; home: string } }).context;
      expect(pages.length).toBeLessThanOrEqual(KEEP_ALIVE_MAX);
      expect(pages).not.toContain('/x');
      expect(new Set(pages).size).toBe(pages.length);
      expect(new Set(tabs).size).toBe(tabs.length);
      for (const page of pages) expect(tabs).toContain(page);
      // the pinned home tab never goes, and stays first (a new home, the menu's, takes its place)
      if (home !== null) expect(tabs[0]).toBe(home);
      expect(['/h', '/a', null]).toContain(home);
      expect(tabs.length).toBeLessThanOrEqual(3);
    }
  });

  const drive: Drive = async (path, table) => {
    const persisted: Array<{ pages: string[]; tabs: string[] }> = [];
    const log: unknown[] = [];
    const persist = (_: unknown, p: { pages: string[]; tabs: string[] }) =>
      void (persisted.push(p), log.push(`persist(${describeValue(p)})`));
    const actor = createActor(tabsMachine.provide({ actions: { persist } }), { input }).start();
    await runPath(
      path,
      { actor, log },
      {
        active: (snap) =>
          // before the first change, the lists are the input's: the home tab alone
          expect(persisted.at(-1) ?? { pages: [], tabs: [input.home] }).toEqual({ pages: snap.context.pages, tabs: snap.context.tabs }),
      },
      table,
    );
    expect(actor.getSnapshot().context).toEqual((path.state as unknown as { context: unknown }).context);
  };
  itFollowsItsTable('tabs', tabsMachine, paths, drive, { own: 60 });
});

describe('keep-alive order (property)', () => {
  it('keeps the 3 most recently opened whitelisted pages, least recent first', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('/a', '/b', '/c', '/d', '/e'), fc.boolean()), { maxLength: 30 }), (opens) => {
        const actor = createActor(tabsMachine, { input: {} }).start();
        for (const [path, cacheable] of opens) actor.send({ type: 'OPEN', path, cacheable });
        const expected: string[] = [];
        for (const [path, cacheable] of opens) {
          if (!cacheable) continue;
          const i = expected.indexOf(path);
          if (i >= 0) expected.splice(i, 1);
          expected.push(path);
        }
        expect(actor.getSnapshot().context.pages).toEqual(expected.slice(-3));
      }),
    );
  });

  it('restores the pages a reload stored, dropping junk and keeping at most 3', () => {
    const actor = createActor(tabsMachine, { input: { pages: ['/a', 'b', '/a', '/c', '/d', '/e'] as string[] } }).start();
    expect(actor.getSnapshot().context.pages).toEqual(['/c', '/d', '/e']);
  });
});

describe('the tab bar (property)', () => {
  const step = fc.oneof(
    fc.record({ type: fc.constant('OPEN' as const), path: fc.constantFrom('/a', '/b', '/c', '/d', '/e'), cacheable: fc.boolean() }),
    fc.record({
      type: fc.constantFrom('CLOSE' as const, 'CLOSE_OTHERS' as const, 'DROP' as const, 'CLOSE_LEFT' as const, 'CLOSE_RIGHT' as const),
      path: fc.constantFrom('/a', '/b', '/c'),
    }),
    fc.constant({ type: 'CLOSE_ALL' as const }),
  );

  it('a tab per opened page in first-opened order; close and close-others end tabs and their kept pages; an unchanged list keeps its identity', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (events) => {
        const actor = createActor(tabsMachine, { input: { tabsMax: 4 } }).start();
        let tabs: string[] = [];
        let pages: string[] = [];
        for (const e of events) {
          const before = actor.getSnapshot().context;
          actor.send(e);
          if (e.type === 'OPEN') {
            if (!tabs.includes(e.path) && tabs.length >= 4) {
              // a full bar asks which tab closes; here the user takes the oldest
              expect(actor.getSnapshot().context.pending).toEqual({ path: e.path, cacheable: e.cacheable });
              expect(actor.getSnapshot().context.tabs).toBe(before.tabs);
              const oldest = tabs[0];
              actor.send({ type: 'EVICT', path: oldest });
              tabs = tabs.filter((p) => p !== oldest);
              pages = pages.filter((p) => p !== oldest);
            }
            if (!tabs.includes(e.path)) tabs = [...tabs, e.path];
            if (e.cacheable) pages = [...pages.filter((p) => p !== e.path), e.path].slice(-3);
            pages = pages.filter((p) => tabs.includes(p));
            expect(actor.getSnapshot().context.pending).toBeNull();
          } else if (e.type === 'CLOSE_OTHERS') {
            tabs = tabs.filter((p) => p === e.path);
            pages = pages.filter((p) => p === e.path);
          } else if (e.type === 'CLOSE_ALL' || e.type === 'CLOSE_LEFT' || e.type === 'CLOSE_RIGHT') {
            const at = e.type === 'CLOSE_ALL' ? -1 : tabs.indexOf(e.path);
            tabs = tabs.filter((_, i) => (e.type === 'CLOSE_LEFT' ? i >= at : e.type === 'CLOSE_RIGHT' ? at >= 0 && i <= at : false));
            pages = pages.filter((p) => tabs.includes(p));
          } else {
            tabs = tabs.filter((p) => p !== e.path);
            pages = pages.filter((p) => p !== e.path);
          }
          const after = actor.getSnapshot().context;
          expect(after.tabs).toEqual(tabs);
          expect(after.pages).toEqual(pages);
          // A list that did not change is the same array (the app's selectors compare by identity: nothing renders);
          // one that changed is a new one.
          expect(after.tabs === before.tabs).toBe(JSON.stringify(after.tabs) === JSON.stringify(before.tabs));
          expect(after.pages === before.pages).toBe(JSON.stringify(after.pages) === JSON.stringify(before.pages));
        }
      }),
    );
  });

  it('closes to the left, to the right or all, never the pinned home tab; a full bar asks which other tab closes', () => {
    const actor = createActor(tabsMachine, { input: { tabsMax: 4, home: '/h', tabs: ['/a', '/b'] } }).start();
    expect(actor.getSnapshot().context.tabs).toEqual(['/h', '/a', '/b']);
    actor.send(open('/c'));
    actor.send(open('/d'));
    expect(actor.getSnapshot().context).toMatchObject({ tabs: ['/h', '/a', '/b', '/c'], pending: { path: '/d', cacheable: true } });
    // neither the home tab nor one that is not there can make room
    actor.send({ type: 'EVICT', path: '/h' });
    actor.send({ type: 'EVICT', path: '/z' });
    expect(actor.getSnapshot().context.pending).not.toBeNull();
    actor.send({ type: 'EVICT', path: '/a' });
    expect(actor.getSnapshot().context).toMatchObject({ tabs: ['/h', '/b', '/c', '/d'], pending: null });
    expect(actor.getSnapshot().context.pages).toContain('/d');
    actor.send({ type: 'CLOSE', path: '/h' });
    actor.send({ type: 'CLOSE_LEFT', path: '/c' });
    expect(actor.getSnapshot().context.tabs).toEqual(['/h', '/c', '/d']);
    actor.send({ type: 'CLOSE_RIGHT', path: '/c' });
    expect(actor.getSnapshot().context.tabs).toEqual(['/h', '/c']);
    actor.send({ type: 'CLOSE_RIGHT', path: '/nowhere' });
    expect(actor.getSnapshot().context.tabs).toEqual(['/h']);
    actor.send(open('/e'));
    actor.send({ type: 'CLOSE_OTHERS', path: '/e' });
    expect(actor.getSnapshot().context.tabs).toEqual(['/h', '/e']);
    actor.send({ type: 'CLOSE_ALL' });
    expect(actor.getSnapshot().context).toMatchObject({ tabs: ['/h'], pages: [] });
    // opening home later puts it first; a stored bar longer than the limit keeps home and the newest others
    const late = createActor(tabsMachine, { input: { tabsMax: 3, home: '/h', tabs: ['/a', '/b', '/c', '/d'] } }).start();
    expect(late.getSnapshot().context.tabs).toEqual(['/h', '/c', '/d']);
    const homeless = createActor(tabsMachine, { input: { tabsMax: 3, tabs: ['/a', '/b'] } }).start();
    homeless.send({ type: 'CLOSE_ALL' });
    expect(homeless.getSnapshot().context.tabs).toEqual([]);
    // the menu's home arrives later (or changes): it is pinned first; the same home again changes nothing
    const later = createActor(tabsMachine, { input: { tabsMax: 3, tabs: ['/a', '/b', '/c'] } }).start();
    later.send({ type: 'HOME', path: '/h' });
    expect(later.getSnapshot().context).toMatchObject({ home: '/h', tabs: ['/h', '/b', '/c'] });
    const before = later.getSnapshot().context;
    later.send({ type: 'HOME', path: '/h' });
    expect(later.getSnapshot().context).toBe(before);
    later.send({ type: 'HOME', path: 'junk' });
    expect(later.getSnapshot().context).toMatchObject({ home: null, tabs: ['/h', '/b', '/c'] });
  });

  it('moves a tab before another or last, never before the pinned home tab, and never the home tab', () => {
    const actor = createActor(tabsMachine, { input: { home: '/h', tabs: ['/a', '/b', '/c'] } }).start();
    const tabs = () => actor.getSnapshot().context.tabs;
    actor.send({ type: 'MOVE', path: '/c', before: '/a' });
    expect(tabs()).toEqual(['/h', '/c', '/a', '/b']);
    actor.send({ type: 'MOVE', path: '/c', before: null });
    expect(tabs()).toEqual(['/h', '/a', '/b', '/c']);
    actor.send({ type: 'MOVE', path: '/b', before: '/h' });
    expect(tabs()).toEqual(['/h', '/b', '/a', '/c']);
    const before = tabs();
    for (const e of [
      { path: '/h', before: null },
      { path: '/x', before: '/a' },
      { path: '/a', before: '/x' },
      { path: '/a', before: '/a' },
    ])
      actor.send({ type: 'MOVE', ...e });
    expect(tabs()).toBe(before);
  });

  it('a limit the user sets: a lower one closes the oldest tabs but home; a higher one gives a waiting page its tab', () => {
    const actor = createActor(tabsMachine, { input: { home: '/h', tabs: ['/a', '/b', '/c', '/d'], pages: ['/b', '/d'] } }).start();
    actor.send({ type: 'LIMIT', max: 3 });
    expect(actor.getSnapshot().context).toMatchObject({ tabsMax: 3, tabs: ['/h', '/c', '/d'], pages: ['/d'] });
    actor.send(open('/e', false));
    expect(actor.getSnapshot().context.pending).toEqual({ path: '/e', cacheable: false });
    actor.send({ type: 'LIMIT', max: 4 });
    expect(actor.getSnapshot().context).toMatchObject({ tabs: ['/h', '/c', '/d', '/e'], pending: null });
    // closing a tab makes room too
    actor.send(open('/f'));
    actor.send({ type: 'CLOSE', path: '/c' });
    expect(actor.getSnapshot().context).toMatchObject({ tabs: ['/h', '/d', '/e', '/f'], pending: null });
    // bounds: 2 to 30, whole numbers
    actor.send({ type: 'LIMIT', max: 1 });
    expect(actor.getSnapshot().context.tabsMax).toBe(2);
    actor.send({ type: 'LIMIT', max: 99.4 });
    expect(actor.getSnapshot().context.tabsMax).toBe(30);
    actor.send({ type: 'LIMIT', max: Number.NaN });
    expect(actor.getSnapshot().context.tabsMax).toBe(TABS_MAX);
    // moving to another page forgets the one that waited
    actor.send({ type: 'LIMIT', max: 2 });
    actor.send(open('/g'));
    expect(actor.getSnapshot().context.pending).not.toBeNull();
    actor.send(open('/h'));
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('restores tabs and kept pages from storage; kept pages of an older store become tabs', () => {
    const restored = createActor(tabsMachine, { input: { tabs: ['/a', 'x', '/b', '/a'], pages: ['/c'] } }).start();
    expect(restored.getSnapshot().context).toMatchObject({ tabs: ['/a', '/b', '/c'], pages: ['/c'] });
    const many = Array.from({ length: TABS_MAX + 5 }, (_, i) => `/p${i}`);
    expect(
      createActor(tabsMachine, { input: { tabs: many } })
        .start()
        .getSnapshot().context.tabs,
    ).toEqual(many.slice(-TABS_MAX));
  });
});
