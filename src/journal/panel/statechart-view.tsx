import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ChartState } from '../statechart.ts';

const useStyles = makeStyles({
  state: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalS,
    margin: `${tokens.spacingVerticalXS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  active: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  parallel: { borderTopStyle: 'dashed', borderRightStyle: 'dashed', borderBottomStyle: 'dashed', borderLeftStyle: 'dashed' },
  final: {
    borderTopStyle: 'double',
    borderRightStyle: 'double',
    borderBottomStyle: 'double',
    borderLeftStyle: 'double',
    borderTopWidth: '3px',
    borderRightWidth: '3px',
    borderBottomWidth: '3px',
    borderLeftWidth: '3px',
  },
  head: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  regions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flex: '1 1 200px' } },
});

/** Is the state at `path` active in `value` (a state value as a snapshot has it)? */
function isActive(value: unknown, path: string): boolean {
  if (!path) return true;
  let v: unknown = value;
  const keys = path.split('.');
  for (const [i, key] of keys.entries()) {
    if (typeof v === 'string') return i === keys.length - 1 && v === key;
    if (!v || typeof v !== 'object' || !(key in v)) return false;
    v = (v as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * A statechart drawn from its definition (src/journal/statechart.ts): nested boxes for states (dashed: parallel
 * regions, double: final), the initial child marked, each state's transitions as `EVENT [guard] → target`, what it
 * invokes; the states of `value` highlighted.
 */
export function StatechartView({ chart, value, name }: { chart: ChartState; value?: unknown; name: string }) {
  const s = useStyles();
  const draw = (state: ChartState, parent?: ChartState) => {
    const active = value !== undefined && isActive(value, state.path);
    return (
      <section
        key={state.path || 'root'}
        aria-label={state.path || name}
        aria-current={active && state.path ? 'step' : undefined}
        className={mergeClasses(
          s.state,
          active && state.path && s.active,
          state.type === 'parallel' && s.parallel,
          state.type === 'final' && s.final,
        )}
      >
        <div className={s.head}>
          {parent?.initial === state.key ? '● ' : ''}
          {state.path ? state.key : name}
          <span className={s.meta}> {state.type}</span>
        </div>
        {state.invokes.length > 0 && <div className={s.meta}>invoke: {state.invokes.join(', ')}</div>}
        {state.transitions.length > 0 && (
          <ul className={s.list}>
            {state.transitions.map((t, i) => (
              <li key={i}>
                {t.event || 'always'}
                {t.guard ? ` [${t.guard}]` : ''} → {t.internal ? '(stays)' : t.targets.map((x) => x || name).join(', ')}
              </li>
            ))}
          </ul>
        )}
        {state.children.length > 0 && (
          <div className={state.type === 'parallel' ? s.regions : undefined}>{state.children.map((c) => draw(c, state))}</div>
        )}
      </section>
    );
  };
  return (
    <div role="figure" aria-label={`${name} statechart`}>
      {draw(chart)}
    </div>
  );
}
