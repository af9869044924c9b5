import { describe, expect, it } from 'vitest';
import { META_FIELD_TYPES } from '@/api/contract/records.ts';
import { recordControl } from '@/features/records/record-fields.tsx';
import { metaField } from '@tests/support/meta-field.ts';

const field = metaField;

describe('a record field in the kit’s form (recordControl)', () => {
  it('gives every field type but a reference one of the kit’s controls; a reference keeps the records’ picker', () => {
    for (const type of META_FIELD_TYPES) {
      const spec = recordControl(field(type), [], false);
      if (type === 'reference') expect(spec).toBeNull();
      else expect(spec?.kind, type).toBeTruthy();
    }
    expect(recordControl(field('boolean'), [], false)?.kind).toBe('flag');
    expect(recordControl(field('money'), [], false)?.kind).toBe('money');
  });

  it('offers an enum’s options in the console’s language, and a department by its id', () => {
    const options = [{ value: 'gold', label: '金卡', labelEn: 'Gold' }];
    expect(recordControl(field('enum', { options }), [], true)?.options).toEqual([{ value: 'gold', label: 'Gold' }]);
    expect(recordControl(field('enum', { options }), [], false)?.options).toEqual([{ value: 'gold', label: '金卡' }]);
    const dept = recordControl(field('department'), [{ id: 7, departName: '华东大区' }] as never, false)!;
    expect(dept.options).toEqual([{ value: '7', label: '华东大区' }]);
    expect(dept.fromChoice?.('7')).toBe(7);
    expect(dept.fromChoice?.('')).toBeNull();
  });
});
