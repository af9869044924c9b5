import { Combobox, Option } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { type MetaFieldRow } from '@/api/contract/records.ts';
import { recordApi } from '@/api/table/records.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useDebouncedValue } from '@/kit/form/use-debounced-value.ts';
import { useT } from '@/i18n/use-t.ts';

/**
 * A searchable select over the referenced table's records (their titles), for a reference field in the form and in
 * the filters. The chosen record's title is asked for once, so an edit shows a name, not an id.
 */
export function RecordPicker({
  tableId,
  field,
  value,
  onChange,
  onBlur,
}: {
  tableId: number;
  field: MetaFieldRow;
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
}) {
  const t = useT();
  const calls = useBound(recordApi);
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<Array<{ id: number; label: string }>>([]);
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  const keyword = useDebouncedValue(typed, 250);
  const seq = useRef(0);
  useEffect(() => {
    if (value === null) return setChosen(null);
    if (chosen?.id === value) return;
    calls.options({ tableId, field: field.name, ids: [value] }).then(
      ({ values: found }) => setChosen(found[0] ?? { id: value, label: `#${value}` }),
      () => setChosen({ id: value, label: `#${value}` }),
    );
  }, [value, tableId, field.name]);
  useEffect(() => {
    const mine = ++seq.current;
    calls.options({ tableId, field: field.name, keyword }).then(
      ({ values: found }) => mine === seq.current && setOptions(found),
      () => undefined,
    );
  }, [keyword, tableId, field.name, calls]);
  const shown = chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <Combobox
      aria-label={field.label}
      placeholder={t('typeToSearch')}
      freeform
      clearable
      value={typed || (chosen?.label ?? '')}
      selectedOptions={value === null ? [] : [String(value)]}
      onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
      onOptionSelect={(_, d) => {
        setTyped('');
        const id = d.optionValue ? Number(d.optionValue) : null;
        setChosen(id === null ? null : (shown.find((o) => o.id === id) ?? null));
        onChange(id);
      }}
      onBlur={() => {
        setTyped('');
        onBlur?.();
      }}
    >
      {shown.map((o) => (
        <Option key={o.id} value={String(o.id)} text={o.label}>
          {o.label}
        </Option>
      ))}
      {shown.length === 0 && (
        <Option value="" text="" disabled>
          {t('none')}
        </Option>
      )}
    </Combobox>
  );
}
