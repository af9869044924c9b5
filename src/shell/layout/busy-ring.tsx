import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
  ring: {
    width: '32px',
    height: '32px',
    borderRadius: '50%',
    border: `3px solid ${tokens.colorNeutralStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.8s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
});

/**
 * A busy ring with its label, in the theme's colours: what the boot screen and the loading overlay show. Fluent's
 * Spinner looks the same but its module rides on the login route's first paint; this is a few lines of CSS.
 */
export function BusyRing({ label }: { label: string }) {
  const s = useStyles();
  return (
    <div className={s.root} role="progressbar" aria-label={label}>
      <div className={s.ring} />
      <span className={s.label}>{label}</span>
    </div>
  );
}
