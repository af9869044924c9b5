import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../mutation/groups.ts';

describe('mutation groups (issue 17)', () => {
  it('mutate every machine and what machines share, each in one group', () => {
    const listed = Object.values(GROUPS)
      .flat()
      .filter((f) => f.startsWith('machines/'));
    // index.ts only lists the machines
    const machines = readdirSync('machines')
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => `machines/${f}`);
    expect([...listed].sort()).toEqual(machines.sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('mutate the menu, the shared utilities and the server’s access and scope code', () => {
    expect(Object.values(GROUPS).flat()).toEqual(
      expect.arrayContaining(['src/menu/**/*.ts', 'src/lib/**/*.ts', 'server/access/access.ts', 'server/access/permissions.ts']),
    );
  });
});
