import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The demo outbox (DECISIONS.md): `phone=P` gives { smsCode }, `uuid=U` gives { captcha }. */
export async function outbox(baseUrl: string, query: string): Promise<Record<string, string>> {
  const answer = (await (await fetch(`${baseUrl}/manage/anon/dev/outbox?${query}`)).json()) as { values: Record<string, string> };
  return answer.values;
}

/** Makes the server answer a session's next calls of `path` as told (the test-only fault switch, docs/api.md). */
export async function setFault(
  baseUrl: string,
  fault: { path: string; userToken: string | null; answer?: unknown; status?: number; times?: number },
) {
  const res = await fetch(`${baseUrl}/manage/anon/dev/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(await res.json()).toMatchObject({ result: 'ok' });
}

/**
 * In a form with the captcha and SMS fields (`scope`): types the captcha shown (read from the outbox by the uuid
 * in the image URL), sends the SMS code and waits for 验证码发送成功. Returns the captcha image URL that was used.
 */
export async function sendSmsCode(page: Page, scope: Locator | Page, baseUrl: string): Promise<string> {
  const src = (await scope.getByRole('img', { name: '看不清？点击刷新' }).getAttribute('src'))!;
  const uuid = new URL(src, baseUrl).searchParams.get('uuid')!;
  expect(uuid).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(async () => (await outbox(baseUrl, `uuid=${uuid}`)).captcha).toMatch(/^\w{4}$/);
  await scope.getByLabel('图形验证码').fill((await outbox(baseUrl, `uuid=${uuid}`)).captcha);
  await scope.getByRole('button', { name: '发送短信验证码' }).click();
  await page.locator('.fui-Toast').filter({ hasText: '验证码发送成功' }).waitFor();
  return src;
}
