import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import * as machines from '@machines/index.ts';

/**
 * The actors a machine only declares (the app provides the real ones): started unprovided, each fails at once and
 * names itself, so a missing `provide` is a clear error, not a session stuck in a loading state.
 */
describe('actors the app must provide', () => {
  for (const [machineName, machine] of Object.entries(machines) as Array<[string, AnyStateMachine]>) {
    const declared = Object.entries((machine.implementations.actors ?? {}) as Record<string, AnyActorLogic>).filter(
      ([, logic]) => typeof (logic as { config?: unknown }).config === 'function',
    );
    if (declared.length === 0) continue; // no actors (loading, tabs)
    it(`${machineName}: each promise actor it declares fails with "<name> is provided by the app"`, async () => {
      const failed: Record<string, string> = {};
      for (const [name, logic] of declared) {
        const actor = createActor(logic, { input: {} });
        const errors: unknown[] = [];
        actor.subscribe({ error: (e) => void errors.push(e) });
        actor.start();
        await new Promise((r) => setTimeout(r, 0));
        if (actor.getSnapshot().status === 'error') failed[name] = (errors[0] as Error).message;
        actor.stop();
      }
      const promiseActors = Object.keys(failed);
      expect(promiseActors.length).toBeGreaterThan(0);
      expect(failed).toEqual(Object.fromEntries(promiseActors.map((n) => [n, `${n} is provided by the app`])));
    });
  }
});
