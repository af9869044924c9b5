import { describe, expect, inject, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { pngHeader } from '../support/images.ts';
import type { UploadGrant } from '@/api/table/files.ts';

// Uploads without Qiniu credentials (SPEC 7 get7niuToken; issue 15's uploads, used by issue 14's image fields): the
// token authorises an upload to the server's own storage, served back at a public path.
const baseUrl = inject('baseUrl');

async function tokenFor(userName: string) {
  const { token } = await signedIn(baseUrl, userName);
  const res = await fetch(`${baseUrl}/manage/v1/system/get7niuToken?renantId=1`, { headers: { UserToken: token } });
  return (await res.json()) as UploadGrant;
}
async function upload(grant: UploadGrant, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('token', grant.token);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }));
  const res = await fetch(`${baseUrl}${grant.uploadUrl}`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as { key?: string; error?: string } };
}

describe('uploads', () => {
  it('a signed-in user gets a token for their tenant, uploads an image, and it is served back as an image', async () => {
    const grant = await tokenFor('staff');
    expect(grant).toMatchObject({
      result: 'ok',
      qiniuUrl: '/uploads',
      uploadPath: 'scrm/1/',
      regionName: 'local',
      uploadUrl: '/manage/anon/upload',
    });
    const image = Buffer.concat([pngHeader(64, 64), Buffer.alloc(200)]);
    const up = await upload(grant, image, { key: '../../etc/passwd' });
    expect(up.status).toBe(200);
    // the key is the server's, under the tenant's prefix, whatever the form asked
    expect(up.body.key).toMatch(/^scrm\/1\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{24}\.png$/);
    const res = await fetch(`${baseUrl}${grant.qiniuUrl}/${up.body.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(`${baseUrl}/uploads/scrm/1/../../package.json`)).status).toBe(404);
  });

  it('refuses no session, a forged token, a file that is not an image, and a non-square image where one must be square', async () => {
    expect(await (await fetch(`${baseUrl}/manage/v1/system/get7niuToken`)).json()).toMatchObject({ values: 'userToken缺失' });
    const grant = await tokenFor('admin2');
    expect(grant.uploadPath).toBe('scrm/2/');
    const forged = { ...grant, token: grant.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) };
    expect(await upload(forged, pngHeader(8, 8))).toMatchObject({ status: 401, body: { error: '上传凭证无效或已过期，请重新上传' } });
    expect(await upload(grant, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      status: 400,
      body: { error: '只能上传 PNG、JPEG、GIF 或 WebP 图片' },
    });
    expect(await upload(grant, pngHeader(80, 40), { square: '1' })).toMatchObject({ status: 400, body: { error: '请上传宽高相等的图片' } });
    expect((await upload(grant, pngHeader(80, 40))).status).toBe(200);
  });
});
