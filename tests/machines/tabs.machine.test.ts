import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestModel } from '@xstate/graph';
import { createActor } from 'xstate';
import { KEEP_ALIVE_MAX, tabsMachine } from '../../machines/tabs.machine.ts';
import { runPath } from './harness.ts';

const open = (path: string, cacheable = true) => ({ type: 'OPEN', path, cacheable });
const EVENTS = [open('/a'), open('/b'), open('/c'), open('/d'), open('/x', false), { type: 'DROP', path: '/a' }];

describe('tabs machine (model-based)', () => {
  const model = createTestModel(tabsMachine, { events: EVENTS as never, input: {} } as never);
  // Every combination of kept pages the events can make (context is the state here), a few steps deep.
  const paths = model.getShortestPaths({ allowDuplicatePaths: true, input: {}, limit: 400 } as never);

  it('reaches many page sets, never more than 3 pages, never a non-whitelisted one', () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      const pages = (p.state as unknown as { context: { pages: string[] } }).context.pages;
      expect(pages.length).toBeLessThanOrEqual(KEEP_ALIVE_MAX);
      expect(pages).not.toContain('/x');
      expect(new Set(pages).size).toBe(pages.length);
    }
  });

  for (const path of paths.slice(0, 60)) {
    it(path.description, async () => {
      const persisted: string[][] = [];
      const actor = createActor(tabsMachine.provide({ actions: { persist: (_, p) => void persisted.push(p.pages) } }), {
        input: {},
      }).start();
      await runPath(path as never, actor, () => false, {
        active: (snap) => expect(persisted.at(-1) ?? []).toEqual(snap.context.pages),
      });
      expect(actor.getSnapshot().context).toEqual((path.state as unknown as { context: unknown }).context);
    });
  }
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
