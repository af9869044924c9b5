import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { KeptCounts, RECORD_COUNTS_CHANNEL, keptRecordCounts } from '@server/infra/db/kept-counts.ts';

const estimate = (count: number) => ({ count, countEstimated: true as const });

describe('KeptCounts', () => {
  it('answers an estimate for its tag and statement until `ms` have passed; an exact count only after keepExact', () => {
    let now = 1_000;
    const counts = new KeptCounts({ ms: 5_000, now: () => now });
    counts.keep('7', 'a', estimate(25_000));
    counts.keep('7', 'b', { count: 900 });
    expect(counts.get('7', 'a')).toEqual(estimate(25_000));
    expect(counts.get('7', 'b')).toBeUndefined();
    expect(counts.get('8', 'a')).toBeUndefined();
    now += 4_999;
    expect(counts.get('7', 'a')).toEqual(estimate(25_000));
    now += 1;
    expect(counts.get('7', 'a')).toBeUndefined();
    expect(counts.size).toBe(0);
    counts.keepExact();
    counts.keep('7', 'b', { count: 900 });
    expect(counts.get('7', 'b')).toEqual({ count: 900 });
  });

  it('keeps nothing when `ms` is 0 (the scale bench times every count)', () => {
    const counts = new KeptCounts({ ms: 0 });
    counts.keep('7', 'a', estimate(25_000));
    expect([counts.get('7', 'a'), counts.size]).toEqual([undefined, 0]);
  });

  it('forgets a tag’s counts and no other’s; * forgets them all', () => {
    const counts = new KeptCounts();
    counts.keep('7', 'a', estimate(1));
    counts.keep('7', 'b', estimate(2));
    counts.keep('8', 'a', estimate(3));
    counts.forget(['7', '9']);
    expect([counts.get('7', 'a'), counts.get('7', 'b'), counts.get('8', 'a')]).toEqual([undefined, undefined, estimate(3)]);
    counts.forget('*');
    expect(counts.get('8', 'a')).toBeUndefined();
    expect(counts.size).toBe(0);
  });

  it('for any keeps, reads, forgets and passing time: answers what a plain list of kept counts answers, at most `max`', () => {
    // The model: every estimate kept, in the order kept (a statement kept again moves to the end), the oldest dropped past max.
    const op = fc.oneof(
      fc.record({
        do: fc.constant('keep' as const),
        tag: fc.constantFrom('1', '2'),
        key: fc.constantFrom('a', 'b', 'c'),
        count: fc.integer({ min: 0, max: 50 }),
        estimated: fc.boolean(),
      }),
      fc.record({ do: fc.constant('get' as const), tag: fc.constantFrom('1', '2'), key: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ do: fc.constant('forget' as const), tags: fc.oneof(fc.constant('*' as const), fc.subarray(['1', '2'])) }),
      fc.record({ do: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), (ops, max, exact) => {
        let now = 0;
        const counts = new KeptCounts({ ms: 5, max, now: () => now });
        if (exact) counts.keepExact();
        let model: Array<{ tag: string; key: string; count: number; estimated: boolean; at: number }> = [];
        for (const o of ops) {
          if (o.do === 'wait') now += o.ms;
          else if (o.do === 'keep') {
            counts.keep(o.tag, o.key, o.estimated ? estimate(o.count) : { count: o.count });
            if (!o.estimated && !exact) continue;
            model = [
              ...model.filter((m) => m.tag !== o.tag || m.key !== o.key),
              { tag: o.tag, key: o.key, count: o.count, estimated: o.estimated, at: now },
            ];
            if (model.length > max) model = model.slice(1);
          } else if (o.do === 'forget') {
            counts.forget(o.tags);
            model = model.filter((m) => o.tags !== '*' && !o.tags.includes(m.tag));
          } else {
            const m = model.find((x) => x.tag === o.tag && x.key === o.key);
            const live = m && now - m.at < 5 ? m : undefined;
            if (m && !live) model = model.filter((x) => x !== m);
            expect(counts.get(o.tag, o.key)).toEqual(live ? (live.estimated ? estimate(live.count) : { count: live.count }) : undefined);
          }
          expect(counts.size).toBe(model.length);
          expect(counts.size).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});

describe('migration 050: every write to records names its tables', () => {
  let pg: PGlite;
  const heard: string[] = [];
  let counts: KeptCounts;

  beforeAll(async () => {
    pg = await PGlite.create();
    // meta_record as migration 042 leaves it: partitioned by table, a partition per table
    await pg.exec(`CREATE TABLE meta_record (id bigserial, tenant_id int NOT NULL, table_id int NOT NULL, data jsonb NOT NULL DEFAULT '{}',
                     version int NOT NULL DEFAULT 1, PRIMARY KEY (table_id, id)) PARTITION BY LIST (table_id);
                   CREATE TABLE meta_record_t1 PARTITION OF meta_record FOR VALUES IN (1);
                   CREATE TABLE meta_record_t2 PARTITION OF meta_record FOR VALUES IN (2);
                   CREATE TABLE meta_record_t3 PARTITION OF meta_record FOR VALUES IN (3);`);
    await pg.exec(readFileSync(new URL('../../../../../server/migrations/050_record_counts_changed.sql', import.meta.url), 'utf8'));
    await pg.listen(RECORD_COUNTS_CHANNEL, (payload) => heard.push(payload));
    counts = keptRecordCounts({ kind: 'pglite', listen: async (channel, fn) => void (await pg.listen(channel, fn)) }, { ms: 3_600_000 });
  }, 60_000);
  afterAll(() => pg?.close());

  /** what a statement (or a transaction of several) made the database say, each payload's tables sorted */
  const said = async (...statements: string[]) => {
    heard.length = 0;
    if (statements.length === 1) await pg.exec(statements[0]);
    else
      await pg.transaction(async (tx) => {
        for (const s of statements) await tx.exec(s);
      });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return heard.map((p) => p.split(',').sort().join(','));
  };

  it('an insert, an update and a delete name the tables they touched, once a statement', async () => {
    expect(await said(`INSERT INTO meta_record (tenant_id, table_id) SELECT 1, 1 + g % 2 FROM generate_series(1, 500) g`)).toEqual(['1,2']);
    expect(await said(`UPDATE meta_record SET version = version + 1 WHERE table_id = 2`)).toEqual(['2']);
    expect(await said(`DELETE FROM meta_record WHERE table_id = 1 AND id % 2 = 0`)).toEqual(['1']);
    expect(await said(`TRUNCATE meta_record`)).toEqual(['*']);
  });

  it('says nothing for a statement that changed no record, nor for a transaction rolled back', async () => {
    expect(await said(`UPDATE meta_record SET version = 0 WHERE table_id = 3`)).toEqual([]);
    expect(await said(`BEGIN; INSERT INTO meta_record (tenant_id, table_id) VALUES (1, 3); ROLLBACK;`)).toEqual([]);
  });

  it('drops the kept counts of the tables written to, and no others; on PGlite exact ones too, with the write', async () => {
    await pg.exec(`INSERT INTO meta_record (tenant_id, table_id) VALUES (1, 1), (1, 2)`);
    for (const tag of ['1', '2', '3']) counts.keep(tag, 'list', estimate(20_000));
    counts.keep('2', 'exact', { count: 1 });
    expect(counts.get('2', 'exact')).toEqual({ count: 1 });
    await said(`INSERT INTO meta_record (tenant_id, table_id) VALUES (1, 3)`, `DELETE FROM meta_record WHERE table_id = 1`);
    expect(['1', '2', '3'].map((tag) => counts.get(tag, 'list'))).toEqual([undefined, estimate(20_000), undefined]);
    // heard before the writing statement answered: no call can read a count from before it
    await pg.exec(`INSERT INTO meta_record (tenant_id, table_id) VALUES (1, 2)`);
    expect(counts.get('2', 'exact')).toBeUndefined();
    await said(`TRUNCATE meta_record`);
    expect(counts.get('2', 'list')).toBeUndefined();
  });
});
