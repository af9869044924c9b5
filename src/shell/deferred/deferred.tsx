import {
  cloneElement,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { whenIdle } from '../idle.ts';

/**
 * A module the shell's first paint does without (menus, tooltips: what only a pointer or a key brings up). It is
 * loaded once, when the browser is first idle after a shell that uses it has painted, or at once when the user
 * reaches for one of its controls; a failed load is forgotten, so the next reach tries again.
 */
export interface Deferred<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
  /** loads it at the browser's next idle moment: one moment for every control that asks, not one each */
  soon(): void;
  /** calls `then` once the module is here (whoever asked for it); the returned function stops waiting */
  whenLoaded(then: (mod: M) => void): () => void;
}

export function deferred<M>(importer: () => Promise<M>): Deferred<M> {
  let mod: M | undefined;
  let pending: Promise<M> | undefined;
  let scheduled = false;
  const waiting = new Set<(mod: M) => void>();
  const load = () =>
    (pending ??= importer().then(
      (m) => {
        mod = m;
        for (const then of waiting) then(m);
        waiting.clear();
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  return {
    load,
    loaded: () => mod,
    soon: () => {
      if (mod || pending || scheduled) return;
      scheduled = true;
      whenIdle(() => {
        scheduled = false;
        load().catch(() => {}); // offline: the plain controls stay, and the next reach tries again
      });
    },
    whenLoaded: (then) => {
      waiting.add(then);
      return () => waiting.delete(then);
    },
  };
}

/**
 * The module once loaded (undefined until then), and `reach`, which loads it now: call it when the user points at,
 * focuses or presses a control whose behaviour lives in the module. Every control using it changes when it arrives,
 * whichever control asked first.
 */
export function useDeferred<M>(d: Deferred<M>): [M | undefined, () => void] {
  const [mod, setMod] = useState<M | undefined>(d.loaded);
  const reach = useCallback(() => {
    d.load().catch(() => {}); // offline: the plain control stays, and the next reach tries again
  }, [d]);
  useEffect(() => {
    if (mod) return;
    const here = d.loaded();
    if (here) {
      setMod(() => here); // arrived between this control's render and now
      return;
    }
    const stop = d.whenLoaded((m) => setMod(() => m));
    d.soon();
    return stop;
  }, [d, mod]);
  return [mod, reach];
}

type Handler = ((e: SyntheticEvent) => void) | undefined;
const both =
  (a: Handler, b: Handler) =>
  (e: SyntheticEvent): void => {
    a?.(e);
    b?.(e);
  };

interface ElementProps {
  ref?: Ref<HTMLElement>;
  onFocus?: Handler;
  onBlur?: Handler;
}

/**
 * The control a deferred wrapper renders, first plain and then inside the loaded component: React mounts a new element
 * when the wrapper changes, so the keyboard focus the plain one had is given to its successor (a user who tabbed to
 * the control before the module arrived stays where they were).
 */
export function useCarriedFocus(element: ReactElement, loaded: boolean, extra: Record<string, unknown> = {}): ReactElement {
  const focused = useRef(false);
  const node = useRef<HTMLElement | null>(null);
  const carry = useRef(false);
  const wasLoaded = useRef(loaded);
  if (loaded && !wasLoaded.current) {
    wasLoaded.current = true;
    carry.current = focused.current;
  }
  useLayoutEffect(() => {
    if (!loaded || !carry.current) return;
    carry.current = false;
    if (node.current && document.activeElement !== node.current) node.current.focus();
  }, [loaded]);
  const own = element.props as ElementProps;
  const ownRef = own.ref;
  const setRef = useCallback(
    (el: HTMLElement | null) => {
      node.current = el;
      if (typeof ownRef === 'function') ownRef(el);
      else if (ownRef) (ownRef as { current: HTMLElement | null }).current = el;
    },
    [ownRef],
  );
  return cloneElement(element as ReactElement<ElementProps>, {
    ...extra,
    ref: setRef,
    onFocus: both(
      own.onFocus,
      both(extra.onFocus as Handler, () => (focused.current = true)),
    ),
    onBlur: both(
      own.onBlur,
      both(extra.onBlur as Handler, () => (focused.current = false)),
    ),
  });
}
