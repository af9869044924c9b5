import { describe, expect, it } from 'vitest';
import { isSystemPage, SYSTEM_PAGES } from '@/api/rules/system-pages.ts';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import { serverCalls } from '@tests/support/call-table.ts';

describe('the console’s own pages, which a tenant’s own entry never names', () => {
  it('hold every page a server call names as its owner, and every platform page', () => {
    const owners = serverCalls().owners.flatMap(([, owner]) => (typeof owner === 'object' ? (owner.pages ?? []) : []));
    expect(owners.length).toBeGreaterThan(20);
    expect(owners.filter((p) => !isSystemPage(p))).toEqual([]);
    expect(PLATFORM_PAGES.filter((p) => !isSystemPage(p))).toEqual([]);
  });

  it('are known whatever the letter case or the spaces around, and a records page is not one', () => {
    expect(isSystemPage(' Manage/Logs ')).toBe(true);
    expect(isSystemPage('manage/logs/x')).toBe(false);
    expect(isSystemPage('member-mng/member-list')).toBe(false);
    expect(isSystemPage('')).toBe(false);
    expect(new Set(SYSTEM_PAGES).size).toBe(SYSTEM_PAGES.length);
  });
});
