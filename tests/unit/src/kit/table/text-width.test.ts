import { describe, expect, it } from 'vitest';
import { FONTS, textWidth } from '@/kit/table/text-width.ts';
import { actionsWidth } from '@/kit/list/row-actions.tsx';

// Node has no canvas: the estimate (a browser measures; tests/e2e/walk.test.ts checks the columns there).
describe('widths worked out from words', () => {
  it('estimates a CJK character as wide as the font, others narrower, rounded up', () => {
    expect(textWidth('编辑', FONTS.button)).toBe(24);
    expect(textWidth('Edit', FONTS.button)).toBe(Math.ceil(4 * 12 * 0.62));
    expect(textWidth('操作', FONTS.header)).toBe(28);
  });
  it("an actions column takes each shown button's label, its edges and the gaps, and no hidden button", () => {
    const run = () => {};
    const two = [
      { code: 'x:edit', label: '编辑', run },
      { code: 'x:del', label: '删除', run },
    ];
    expect(actionsWidth(two)).toBe(2 * (24 + 10) + 2);
    expect(actionsWidth([...two, { code: 'x:log', label: '日志', run, hidden: true }])).toBe(actionsWidth(two));
    expect(actionsWidth([])).toBe(0);
    // English labels are wider than Chinese ones, so the column follows the language
    expect(actionsWidth([{ code: 'x:edit', label: 'Permissions', run }])).toBeGreaterThan(
      actionsWidth([{ code: 'x:edit', label: '权限', run }]),
    );
  });
});
