import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { outbox, sendSmsCode } from '../support/demo.ts';

const { baseUrl, newPage, logIn } = useBrowser();
const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });

async function nophonePage() {
  const page = await newPage();
  await page.goto(`${baseUrl}/#/login`);
  await logIn(page, 'nophone');
  const dialog = page.getByRole('alertdialog', { name: '绑定手机号' });
  await dialog.waitFor();
  return { page, dialog };
}

/** Types the captcha shown (read from the demo outbox by the uuid in the image URL) and sends the SMS code. */
async function sendCode(page: Page, phone: string) {
  const dialog = page.getByRole('alertdialog', { name: '绑定手机号' });
  await dialog.getByLabel('手机号').fill(phone);
  const src = await sendSmsCode(page, dialog, baseUrl);
  // A 60-second countdown, and a new captcha for the next attempt.
  await dialog.getByRole('button', { name: /^\d+ 秒后重新发送$/ }).waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: /^\d+ 秒后重新发送$/ }).isDisabled()).toBe(true);
  await expect.poll(async () => dialog.getByRole('img', { name: '看不清？点击刷新' }).getAttribute('src')).not.toBe(src);
  const code = (await outbox(baseUrl, `phone=${phone}`)).smsCode;
  await dialog.getByLabel('短信验证码').fill(code);
}

describe('bind phone in Chromium', () => {
  // First, while nophone still has no phone: a phone that is another account's continues as that account.
  it('binding the phone of another account continues as that account, and remembers it', async () => {
    const { page, dialog } = await nophonePage();
    await sendCode(page, '13800000003'); // staff's phone in the demo
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await toast(page, '绑定成功').waitFor();
    await page.getByText('门店店员小王').first().waitFor();
    await expect.poll(() => page.getByRole('alertdialog', { name: '绑定手机号' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rememberedAccount'))).toBe('staff');
    // The login form starts with the remembered account.
    await page.getByRole('button', { name: /门店店员小王/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/#\/login/);
    await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('staff');
    await page.context().close();
  });

  it('validates with the exact messages, then binds through captcha and SMS code from the demo outbox', async () => {
    const { page, dialog } = await nophonePage();
    const phone = dialog.getByLabel('手机号');
    await phone.focus();
    await phone.blur();
    await dialog.getByText('手机号不能为空').waitFor();
    await phone.fill('1380000');
    await phone.blur();
    await dialog.getByText('请输入正确格式的手机号').waitFor();
    await dialog.getByRole('button', { name: '发送短信验证码' }).click();
    await dialog.getByText('请输入正确的手机号码').waitFor();
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await dialog.getByText('请输入手机号或验证码').waitFor();

    // A wrong captcha: the send fails and resets at once.
    await phone.fill('13600000088');
    await dialog.getByLabel('图形验证码').fill('0000');
    await dialog.getByRole('button', { name: '发送短信验证码' }).click();
    await toast(page, '短信发送失败').first().waitFor();
    await dialog.getByRole('button', { name: '发送短信验证码' }).waitFor();

    await sendCode(page, '13600000088');
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await toast(page, '绑定成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/#/user-center/user-info`);
    await page.getByText('13600000088').waitFor();
    await page.context().close();
  });
});
