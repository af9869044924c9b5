import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { caseless, containsText } from '@server/infra/db/like.ts';

/**
 * containsText on a real PGlite: whatever the fragment, it finds what ILIKE of the literal fragment finds (LIKE for a
 * caseless fragment spares folding each row, and must not find more or less), `%`, `_` and `\` as themselves. The
 * API suites run the records list's contains on PGlite and PostgreSQL (tests/api/records-list.test.ts).
 */
// Chinese, digits, signs, and letters whose case folds oddly: ß, dotted and dotless i, the Kelvin sign, final sigma
const ALPHABET = [...'会员张三7０%_\\ -aAzZéÉßİıKkσΣςǅǆﬁ'];

describe('containsText', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(() => pg.close());

  /** whether `text` holds `fragment` as containsText writes it, and as ILIKE of the literal fragment says */
  const both = async (text: string, fragment: string) => {
    const params: unknown[] = [text];
    const condition = containsText('$1::text', fragment, (v) => `$${params.push(v)}`, 'ilike');
    const escaped = fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
    params.push(`%${escaped}%`);
    const { rows } = await pg.query<{ written: boolean; ilike: boolean }>(
      `SELECT (${condition}) AS written, ($1::text ILIKE $${params.length}) AS ilike`,
      params,
    );
    return rows[0]!;
  };

  it('finds what ILIKE of the literal fragment finds, for any text and fragment', async () => {
    const chars = fc.constantFrom(...ALPHABET);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: chars, maxLength: 12 }),
        fc.string({ unit: chars, minLength: 1, maxLength: 5 }),
        async (text, fragment) => {
          const { written, ilike } = await both(text, fragment);
          expect(written).toBe(ilike);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes LIKE only for a fragment with no letter case, ILIKE for one with', () => {
    const op = (fragment: string) => /\b(I?LIKE)\b/.exec(containsText('t', fragment, () => '$1', 'ilike'))![1];
    expect(op('会员7')).toBe('LIKE');
    expect(op('100%减')).toBe('LIKE');
    expect(op('会员a')).toBe('ILIKE');
    expect(op('Ab')).toBe('ILIKE');
    expect(caseless('１２３－＿')).toBe(true);
    // letters that have a case only through folding: ß (SS), ı (I), ǅ (Ǆǆ), ﬁ (FI), ς (Σ)
    for (const c of ['ß', 'ı', 'ǅ', 'ﬁ', 'ς', 'K']) expect(caseless(c), c).toBe(false);
  });
});
