import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { callAs, signedIn } from '../support/api.ts';

// Issue 45: a date or time field saves only what the user typed. A time or day that names none stops 保存 and
// 下一步 on its field; a pre-filled time is replaced by typing; a date box takes typing however it was reached;
// today is the tenant's (Asia/Shanghai), not the browser's.
const ui = useBrowser();

const caretIn = (box: Locator) => box.evaluate((el) => el === document.activeElement);
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** The values of a business table's records whose `name` is this, read over the API. */
async function records(component: string, name: string) {
  const admin = await signedIn(ui.baseUrl, 'admin');
  const schema = await callAs<{ table: { id: number } }>(ui.baseUrl, admin.token, '/v1/metaRecord/schema', { component });
  const list = await callAs<Array<{ values: Record<string, unknown> }>>(ui.baseUrl, admin.token, '/v1/metaRecord/list', {
    tableId: schema.values!.table.id,
    pageNum: 1,
    pageSize: 10,
    filters: { name },
  });
  return (list.values ?? []).map((r) => r.values);
}

describe('date and time fields that save only what was typed', () => {
  it('a record’s time: clicked into, the pre-filled 00:00 is replaced; 25:99 stops 保存 with the text quoted; 09:30 saves', async () => {
    const page = await ui.signedInPage('admin');
    await page.goto(`${ui.baseUrl}/#/coupon-manage/group-buy`);
    await page.getByRole('heading', { level: 1, name: '拼团' }).waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).first().click();
    const drawer = page.getByRole('dialog', { name: /^新增/ });
    await drawer.waitFor();
    const name = unique('时间框');
    await drawer.getByRole('textbox', { name: /拼团名称/ }).fill(name);
    const day = drawer.getByRole('combobox', { name: /开始时间/ });
    const time = drawer.getByRole('textbox', { name: /开始时间.* 时间$/ });
    // Reached by mouse: the caret stays in the day's box and typing goes there, not into a calendar.
    await day.click();
    await page.keyboard.type('2026-12-01');
    await expect.poll(() => day.inputValue()).toBe('2026-12-01');
    await expect.poll(() => caretIn(day)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => time.inputValue()).toBe('00:00');
    // Clicked into, the pre-filled time is selected whole: typing replaces it (it gave 00:014:300).
    await time.click();
    await page.keyboard.type('14:30');
    await expect.poll(() => time.inputValue()).toBe('14:30');
    await time.fill('25:99');
    await page.keyboard.press('Tab');
    await drawer.getByRole('button', { name: '保存' }).click();
    // Refused on its field, the typed text kept and quoted once; nothing saved.
    await drawer.getByText('开始时间：“2026-12-01 25:99”不是正确的时间，请输入如 09:30 的时间').waitFor();
    await expect.poll(() => time.inputValue()).toBe('25:99');
    await expect.poll(() => drawer.getByText(/请输入正确的时间|不是正确的时间/).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    // eslint-disable-next-line no-restricted-syntax -- the server's rows after the refusal was shown, not UI state
    expect(await records('group-mng/group-buy', name)).toEqual([]);
    await time.fill('9:30');
    await page.keyboard.press('Tab');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'detached' });
    // 09:30 in Shanghai on 2026-12-01 is 01:30 UTC.
    await expect
      .poll(() => records('group-mng/group-buy', name))
      .toEqual([expect.objectContaining({ start_at: '2026-12-01T01:30:00.000Z' })]);
    await page.context().close();
  });

  it('a record’s day: a text that names none stops 保存; the calendar opens on the tenant’s today, and Enter takes it', async () => {
    // A browser whose today is never the tenant's (Asia/Shanghai, UTC+8): UTC-11 until 19:00 in Shanghai, UTC+14 after.
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' }).format(new Date());
    const shanghaiHour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: 'numeric', hour12: false }).format(new Date()),
    );
    const timezoneId = shanghaiHour < 19 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const page = await ui.signedInPage('admin', { timezoneId });
    await page.goto(`${ui.baseUrl}/#/base-info/mall-manage`);
    await page.getByRole('heading', { level: 1, name: '商场管理' }).waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).first().click();
    const drawer = page.getByRole('dialog', { name: /^新增/ });
    await drawer.waitFor();
    const day = drawer.getByRole('combobox', { name: /开业日期/ });
    await day.click();
    await page.keyboard.type('2026-02-30');
    await page.keyboard.press('Tab');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText(/开业日期：“2026-02-30”不是日期/).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    // ↓ opens the calendar on the tenant's today; Enter picks it.
    await day.fill('');
    await day.press('ArrowDown');
    await page.getByRole('dialog', { name: '选择日期' }).waitFor();
    await page.keyboard.press('Enter');
    expect(dayIn(timezoneId)).not.toBe(dayIn('Asia/Shanghai'));
    await expect.poll(() => day.inputValue()).toBe(dayIn('Asia/Shanghai'));
    await page.context().close();
  });

  it('a campaign’s start time that names none stops 下一步 on its field, and no draft is made', async () => {
    const page = await ui.signedInPage('admin', { timezoneId: 'UTC' });
    await page.goto(`${ui.baseUrl}/#/content-manage/lottery`);
    await page.getByRole('heading', { name: '抽奖活动', level: 1 }).waitFor();
    await page.getByRole('button', { name: '新建活动' }).click();
    await page.waitForURL(/setting-camp\/campaign-info\?type=lottery$/);
    const base = page.getByRole('form', { name: '活动基础信息' });
    await base.getByRole('textbox', { name: /活动名称/ }).fill('时间框活动');
    for (const [label, text] of [
      ['开始时间', '25:99'],
      ['结束时间', '18:00'],
    ] as const) {
      await base.getByRole('combobox', { name: new RegExp(label) }).click();
      await page.keyboard.type(label === '开始时间' ? '2027-01-01' : '2027-01-05');
      await page.keyboard.press('Tab');
      await base.getByRole('textbox', { name: new RegExp(`${label}.* 时间$`) }).click();
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.getByRole('button', { name: '下一步' }).click();
    await base.getByText('请输入正确的时间，如 09:30').first().waitFor();
    await expect.poll(() => page.url()).toMatch(/campaign-info\?type=lottery$/);
    await expect.poll(() => base.getByRole('textbox', { name: /开始时间.* 时间$/ }).inputValue()).toBe('25:99');
    await page.context().close();
  });

  it('the statistics’ days: a day that names none is said once on its field; typed again as a day, it is taken', async () => {
    const page = await ui.signedInPage('admin');
    await page.goto(`${ui.baseUrl}/#/data-statistics/mall-statistics`);
    const from = page.getByRole('combobox', { name: '开始日期' });
    await from.waitFor();
    const before = await from.inputValue();
    await from.click();
    await from.fill('2026-13-01');
    await from.press('Tab');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByText('“2026-13-01”不是日期，请按 2026-11-27 的格式输入').count()).toBe(1);
    // Typed again as a day, it is taken.
    await from.fill(before);
    await from.press('Tab');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByText(/不是日期/).count()).toBe(0);
    await page.context().close();
  });
});
