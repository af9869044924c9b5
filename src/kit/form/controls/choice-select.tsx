import { Select, type SelectProps } from '@fluentui/react-components';

export interface Choice {
  value: string;
  label: string;
}

export type ChoiceSelectProps = Omit<SelectProps, 'value' | 'onChange' | 'children'> & {
  value: string;
  options: readonly Choice[];
  onChange: (value: string) => void;
  /** the first option, standing for no choice (请选择, 状态：全部); none: a choice is always made */
  empty?: string;
};

/**
 * The kit's native select over a list of choices: forms, filters and record fields alike.
 * @example <ChoiceSelect aria-label={label} value={v} empty={t('pleaseChoose')} options={[{ value: '1', label: t('enabled') }]} onChange={setV} />
 */
export function ChoiceSelect({ value, options, onChange, empty, ...select }: ChoiceSelectProps) {
  return (
    <Select {...select} value={value} onChange={(_, d) => onChange(d.value)}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
