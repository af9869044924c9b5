import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { storedMenuIds } from '@server/access/menu.ts';

describe("a session's stored menu ids", () => {
  it('reads PostgreSQL’s array text back to the ids, none from an empty array', () => {
    expect(storedMenuIds('{}')).toEqual([]);
    expect(storedMenuIds('{7}')).toEqual([7]);
    expect(storedMenuIds('{3,5,8}')).toEqual([3, 5, 8]);
  });

  it('gives back any list of ids as PostgreSQL writes it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_000_000_000 })), (ids) => {
        expect(storedMenuIds(`{${ids.join(',')}}`)).toEqual(ids);
      }),
    );
  });
});
