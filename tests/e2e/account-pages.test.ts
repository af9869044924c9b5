import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { outbox, sendSmsCode } from '../support/demo.ts';

// Its own server with a 1-second SMS resend window: registering and then resetting use one phone within a minute.
const ui = useBrowser({ serverEnv: { SMS_RESEND_SECONDS: '1' } });
const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });

/** Sends the SMS code for the phone already typed (captcha from the demo outbox) and types the code. */
async function verifyPhone(page: Page, phone: string) {
  await sendSmsCode(page, page, ui.baseUrl);
  await page.getByLabel('短信验证码').fill((await outbox(ui.baseUrl, `phone=${phone}`)).smsCode);
}

describe('register and find password in Chromium', () => {
  it('registers a new organisation, logs in as its admin, then resets the password by SMS', async () => {
    const suffix = String(Date.now()).slice(-8);
    const phone = `135${suffix}`;
    const userName = `org${suffix}`;
    const page = await ui.newPage();
    await page.goto(`${ui.baseUrl}/#/login`);
    await page.getByRole('link', { name: '注册账号' }).click();
    const form = page.getByRole('form', { name: '注册账号' });
    await form.waitFor();
    await form.getByLabel('企业名称').fill('海川连锁');
    await form.getByLabel('账号').fill(userName);
    await form.getByLabel('姓名').fill('海川管理员');
    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '注册账号' }).click();
    await form.getByText('请输入手机号或验证码').waitFor();
    await verifyPhone(page, phone);
    await form.getByLabel(/^新密码/).fill('short1');
    await form.getByLabel('确认新密码').fill('short1');
    await form.getByRole('button', { name: '注册账号' }).click();
    await form.getByText('密码须为 8-32 位，且同时包含字母和数字').waitFor();
    await form.getByLabel(/^新密码/).fill('Haichuan2026');
    await form.getByLabel('确认新密码').fill('Haichuan2026');
    await form.getByRole('button', { name: '注册账号' }).click();
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => page.getByLabel('账号').inputValue()).toBe(userName);
    await page.getByLabel('密码').fill('Haichuan2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByText('海川管理员').first().waitFor();
    // A new tenant sees none of the other tenants' own entries.
    await expect.poll(() => page.getByText('一号租户专属报表').count()).toBe(0);

    // Find password: a fresh browser, the same phone, a new password; the old session ends.
    const other = await ui.newPage();
    await other.goto(`${ui.baseUrl}/#/find-password`);
    const reset = other.getByRole('form', { name: '忘记密码' });
    await reset.getByLabel('手机号').fill(phone);
    await other.waitForTimeout(1100);
    await verifyPhone(other, phone);
    await reset.getByLabel(/^新密码/).fill('Haichuan2027');
    await reset.getByLabel('确认新密码').fill('Haichuan2027');
    await reset.getByRole('button', { name: '重置密码' }).click();
    await other.waitForURL(/#\/login$/);
    await toast(other, '密码已重置，请使用新密码登录').waitFor();
    await other.getByLabel('账号').fill(userName);
    await other.getByRole('main').getByLabel(/^密码/).fill('Haichuan2026');
    await other.getByRole('button', { name: '登录' }).click();
    await other.getByRole('main').getByText('账号或密码错误').waitFor();
    await other.getByRole('main').getByLabel(/^密码/).fill('Haichuan2027');
    await other.getByRole('button', { name: '登录' }).click();
    await other.waitForURL(/#\/dashboard$/);
    // The first browser's session ended with the old password.
    await page.reload();
    await page.waitForURL(/#\/login\?redirect=/);
    await page.context().close();
    await other.context().close();
  });
});
