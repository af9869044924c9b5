import { useActor as useXStateActor, useActorRef as useXStateActorRef, useMachine as useXStateMachine } from '@xstate/react';
import type { ActorOptions, AnyActorLogic, AnyStateMachine } from 'xstate';
import { useInspect } from './context.ts';

/**
 * The hooks components create actors with: @xstate/react's, with the app's inspection observer, so every
 * actor reports to the journal (and to Stately with ?inspect). ESLint refuses the bare hooks elsewhere in src/.
 */
function useObserved<T extends AnyActorLogic>(options: ActorOptions<T>): never {
  const inspect = useInspect();
  return { ...options, inspect: options.inspect ?? inspect } as never;
}

export function useAppActorRef<T extends AnyActorLogic>(logic: T, options: ActorOptions<T> = {} as ActorOptions<T>) {
  return useXStateActorRef(logic, useObserved(options));
}

export function useAppActor<T extends AnyActorLogic>(logic: T, options: ActorOptions<T> = {} as ActorOptions<T>) {
  return useXStateActor(logic, useObserved(options));
}

export function useAppMachine<T extends AnyStateMachine>(machine: T, options: ActorOptions<T> = {} as ActorOptions<T>) {
  return useXStateMachine(machine, useObserved(options));
}
