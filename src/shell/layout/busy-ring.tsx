import s from './status.module.css';

/**
 * A busy ring with its label, in the theme's colours: what the boot screen and the loading overlay show. Fluent's
 * Spinner looks the same but its module rides on the login route's first paint; this is a few lines of CSS
 * (status.module.css).
 */
export function BusyRing({ label }: { label: string }) {
  return (
    <div className={s.busy} role="progressbar" aria-label={label}>
      <div className={s.ring} />
      <span className={s.busyLabel}>{label}</span>
    </div>
  );
}
