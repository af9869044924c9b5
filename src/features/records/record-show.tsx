import { useCallback } from 'react';
import { localLabel } from '@/api/contract/language.ts';
import { type MetaFieldRow, type MetaRecord } from '@/api/contract/records.ts';
import { useLanguage } from '@/i18n/use-t.ts';
import { kindText, useCellText } from '@/kit/form/declared-fields.tsx';
import { recordKind } from './record-fields.tsx';
import { ownValue } from '@/api/rules/record-rules.ts';

export const WIDTH: Record<MetaFieldRow['type'], number> = {
  text: 150,
  phone: 120,
  number: 100,
  money: 110,
  date: 110,
  datetime: 160,
  boolean: 70,
  enum: 100,
  reference: 150,
  department: 110,
  image: 70,
};

/**
 * A value as text (lists, details): a reference's or department's name as the server resolved it, an option by its
 * label in the console's language, else as the kit says a value of its kind (money with two decimals, 是/否, a time
 * in the tenant's zone).
 */
export function useShow() {
  const { t, formatInstant } = useCellText();
  const english = useLanguage()[0] === 'en';
  return useCallback(
    (f: MetaFieldRow, r: MetaRecord): string => {
      const v = ownValue(r.values, f.name);
      if (v === null || v === undefined || v === '') return '--';
      // own keys: a field may be named like an Object.prototype member (constructor)
      if (Object.hasOwn(r.labels, f.name)) return r.labels[f.name];
      if (f.type === 'enum') return ((o) => (o ? localLabel(o, english) : String(v)))(f.options.find((o) => o.value === v));
      return kindText(recordKind(f.type), v, { t, formatInstant });
    },
    [t, formatInstant, english],
  );
}
