import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { publisherType } from '@/lib/publisher-type.ts';

describe('publisher type (SPEC 4)', () => {
  it('is 1 with a store, 2 with a mall other than the default and no store, else 0', () => {
    expect(publisherType({ storeId: 101, mallId: 5, defaultMallId: 6 })).toBe(1);
    expect(publisherType({ storeId: null, mallId: 5, defaultMallId: 6 })).toBe(2);
    expect(publisherType({ storeId: null, mallId: 5, defaultMallId: 5 })).toBe(0);
    expect(publisherType({ mallId: null, defaultMallId: 5 })).toBe(0);
    expect(publisherType({ storeId: '', mallId: '7', defaultMallId: null })).toBe(2);
    expect(publisherType(null)).toBe(0);
  });

  it('is always 0, 1 or 2, and 1 whenever there is a store (property)', () => {
    const id = fc.oneof(fc.constant(null), fc.constant(undefined), fc.constant(''), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(id, id, id, (storeId, mallId, defaultMallId) => {
        const t = publisherType({ storeId, mallId, defaultMallId });
        return [0, 1, 2].includes(t) && (storeId === null || storeId === undefined || storeId === '' ? t !== 1 : t === 1);
      }),
    );
  });
});
