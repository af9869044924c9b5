import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircle12Filled } from '@fluentui/react-icons';
import { useId } from 'react';

const useStyles = makeStyles({
  set: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXXS, fontWeight: tokens.fontWeightRegular },
  required: { color: tokens.colorPaletteRedForeground3, paddingLeft: tokens.spacingHorizontalXXS },
  // a long list (an API key's interfaces) scrolls within itself: the legend and the message stay in view
  options: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, maxHeight: '40vh', overflowY: 'auto' },
  error: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
  },
});

export interface CheckboxGroupProps<K extends string | number> {
  label: string;
  required?: boolean;
  options: ReadonlyArray<{ value: K; label: string }>;
  value: readonly K[];
  onChange: (next: K[]) => void;
  /** the rule's or the server's message, shown under the group */
  error?: string;
  onBlur?: () => void;
  /** shown, not to be changed here */
  disabled?: boolean;
}

/**
 * Several choices under one label: a fieldset with a legend. (Fluent's Field gives its one id to every control
 * inside it, so a label click would toggle the first checkbox; each checkbox here keeps its own.)
 */
export function CheckboxGroup<K extends string | number>({
  label,
  required,
  options,
  value,
  onChange,
  error,
  onBlur,
  disabled,
}: CheckboxGroupProps<K>) {
  const s = useStyles();
  const errorId = useId();
  return (
    <fieldset
      className={s.set}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      onBlur={onBlur}
    >
      <legend className={s.legend}>
        {label}
        {required && (
          <span className={s.required} aria-hidden>
            *
          </span>
        )}
      </legend>
      <div className={s.options}>
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={value.includes(o.value)}
            disabled={disabled}
            onChange={(_, d) => onChange(d.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
          />
        ))}
      </div>
      {error && (
        <div id={errorId} className={s.error} role="alert">
          <ErrorCircle12Filled aria-hidden />
          {error}
        </div>
      )}
    </fieldset>
  );
}
