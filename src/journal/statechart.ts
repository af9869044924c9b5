import type { AnyStateMachine } from 'xstate';

/** One transition of a state, as the machine defines it. */
export interface ChartTransition {
  /** the event type ('' for an eventless `always` transition) */
  event: string;
  /** target state ids, relative to the machine (empty: a transition that stays, actions only) */
  targets: string[];
  guard?: string;
  /** no target: the state stays and only the transition's actions run */
  internal: boolean;
}

/** A state of a statechart, read from the machine's own definition. */
export interface ChartState {
  /** its id within the machine ('' for the root), e.g. 'authenticated.ready.menu' */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** the key of the child entered first (compound states) */
  initial?: string;
  /** the actors it invokes, by source name */
  invokes: string[];
  /** its transitions, delayed ones as 'xstate.after.*' events and invoke outcomes as 'xstate.done.actor.*' */
  transitions: ChartTransition[];
  children: ChartState[];
}

interface NodeLike {
  id: string;
  key: string;
  type: ChartState['type'];
  states: Record<string, NodeLike>;
  machine: { id: string };
  initial?: { target?: NodeLike[] };
  invoke: Array<{ src: unknown; id: string }>;
  transitions: Map<string, Array<{ eventType: string; target?: NodeLike[]; guard?: unknown; reenter?: boolean }>>;
  always?: Array<{ target?: NodeLike[]; guard?: unknown }>;
}

const guardName = (g: unknown): string | undefined => {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name || 'guard';
  const o = g as { type?: unknown };
  return typeof o.type === 'string' ? o.type : 'guard';
};

/**
 * The statechart of a machine: its states (nested), each with its transitions (event, targets, guard), its
 * eventless transitions and what it invokes, all read from the machine's definition (what the stories draw).
 */
export function describeStatechart(machine: AnyStateMachine): ChartState {
  const root = machine.root as unknown as NodeLike;
  const prefix = `${root.machine.id}.`;
  const rel = (n: NodeLike) => (n.id === root.machine.id ? '' : n.id.startsWith(prefix) ? n.id.slice(prefix.length) : n.id);
  const visit = (n: NodeLike): ChartState => {
    const transitions: ChartTransition[] = [];
    for (const [event, list] of n.transitions) {
      for (const t of list) {
        transitions.push({
          event,
          targets: (t.target ?? []).map(rel),
          guard: guardName(t.guard),
          internal: !t.target?.length,
        });
      }
    }
    for (const t of n.always ?? [])
      transitions.push({ event: '', targets: (t.target ?? []).map(rel), guard: guardName(t.guard), internal: !t.target?.length });
    const initial = n.initial?.target?.[0];
    return {
      path: rel(n),
      key: n.key,
      type: n.type,
      initial: n.type === 'compound' && initial ? initial.key : undefined,
      invokes: n.invoke.map((i) => (typeof i.src === 'string' ? i.src : i.id)),
      transitions,
      children: Object.values(n.states).map(visit),
    };
  };
  return visit(root);
}

/** Every event type the statechart names (its transitions' events), sorted. */
export function eventsOf(chart: ChartState): string[] {
  const all = new Set<string>();
  const walk = (s: ChartState) => {
    for (const t of s.transitions) if (t.event) all.add(t.event);
    s.children.forEach(walk);
  };
  walk(chart);
  return [...all].sort();
}
