import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../access/auth.ts';
import type { UploadGrant } from '@/api/table/files.ts';
import { IMAGE_RULES, imageProblem } from '@/api/rules/image-rules.ts';
import { fileApi } from '@/api/table/files.ts';
import { mount } from '../infra/http/mount.ts';

/** Qiniu's regions as the spec names them, and their upload hosts (Qiniu's documentation). */
export const QINIU_REGIONS: Readonly<Record<string, { name: string; host: string }>> = {
  z0: { name: '华东', host: 'https://up-z0.qiniup.com' },
  z1: { name: '华北', host: 'https://up-z1.qiniup.com' },
  z2: { name: '华南', host: 'https://up-z2.qiniup.com' },
  na0: { name: '北美', host: 'https://up-na0.qiniup.com' },
  as0: { name: '东南亚', host: 'https://up-as0.qiniup.com' },
};

export interface QiniuConfig {
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** the public address files are read from (qiniuUrl), e.g. https://cdn.example.com */
  domain: string;
  region: string;
}

const urlSafe = (b: Buffer | string) => Buffer.from(b).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * A Qiniu upload token as Qiniu documents it: the put policy (scope, deadline, limits) as URL-safe base64, signed
 * with HMAC-SHA1 under the secret key: `<accessKey>:<sign>:<policy>`. Uploads are limited to images of at most
 * IMAGE_RULES.maxBytes under the tenant's key prefix.
 */
export function qiniuToken(q: QiniuConfig, prefix: string, now = Date.now()): string {
  const policy = urlSafe(
    JSON.stringify({
      scope: `${q.bucket}:${prefix}`,
      isPrefixalScope: 1,
      deadline: Math.floor(now / 1000) + 3600,
      fsizeLimit: IMAGE_RULES.maxBytes,
      mimeLimit: 'image/*',
    }),
  );
  return `${q.accessKey}:${urlSafe(createHmac('sha1', q.secretKey).update(policy).digest())}:${policy}`;
}

/** Width and height of a PNG, JPEG, GIF or WebP from its bytes, with its type; null for anything else. */
export function imageInfo(b: Buffer): { type: string; width: number; height: number } | null {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47)
    return { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 10 && b.toString('latin1', 0, 3) === 'GIF')
    return { type: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length > 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { type: 'image/webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { type: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ') return { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    return null;
  }
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame.
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      const size = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      i += 2 + size;
    }
  }
  return null;
}

export interface UploadOptions {
  /** the server's own storage (DATA_DIR/uploads) when Qiniu is not configured */
  dir: string;
  qiniu?: QiniuConfig;
  /** signs the server's own upload tokens */
  secret: Buffer;
}

/**
 * GET /v1/system/get7niuToken and, without Qiniu credentials, the upload it authorises to the server's own
 * storage (POST /manage/anon/upload, Qiniu's form fields: token, key, file; answered like Qiniu: { key, hash }) and
 * the public path that serves the files back (/uploads/…). The caller's tenant is the session's.
 */
export function uploadRoutes(options: UploadOptions) {
  const api = new Hono<AppEnv>();
  const localToken = (tenantId: number, prefix: string, deadline: number) => {
    const body = urlSafe(JSON.stringify({ t: tenantId, p: prefix, d: deadline }));
    return `local:${urlSafe(createHmac('sha256', options.secret).update(body).digest())}:${body}`;
  };
  const readToken = (token: string): { t: number; p: string; d: number } | null => {
    const [kind, sign, body] = token.split(':');
    if (kind !== 'local' || !sign || !body) return null;
    const want = Buffer.from(urlSafe(createHmac('sha256', options.secret).update(body).digest()));
    const got = Buffer.from(sign);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    try {
      const v = JSON.parse(Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString()) as {
        t: number;
        p: string;
        d: number;
      };
      return v.d * 1000 > Date.now() ? v : null;
    } catch {
      return null;
    }
  };

  // Avatars, record images, campaign images: the upload itself carries the token.
  mount(api, fileApi.uploadToken, (c) => {
    const s = c.get('session');
    const prefix = `scrm/${s.tenantId}/`;
    const q = options.qiniu;
    const answer: UploadGrant = q
      ? {
          result: 'ok',
          token: qiniuToken(q, prefix),
          qiniuUrl: q.domain.replace(/\/$/, ''),
          uploadPath: prefix,
          regionName: q.region,
          uploadUrl: QINIU_REGIONS[q.region]?.host ?? QINIU_REGIONS.z0.host,
        }
      : {
          result: 'ok',
          token: localToken(s.tenantId, prefix, Math.floor(Date.now() / 1000) + 3600),
          qiniuUrl: '/uploads',
          uploadPath: prefix,
          regionName: 'local',
          uploadUrl: `/manage${fileApi.upload.path}`,
        };
    return c.json(answer);
  });

  mount(api, fileApi.upload, async (c) => {
    const form = c.var.body;
    const grant = typeof form.token === 'string' ? readToken(form.token) : null;
    if (!grant) return c.json({ error: '上传凭证无效或已过期，请重新上传' }, 401);
    const file = form.file;
    if (!(file instanceof File)) return c.json({ error: '请选择文件' }, 400);
    const bytes = Buffer.from(await file.arrayBuffer());
    const info = imageInfo(bytes);
    const problem = imageProblem(
      { type: info?.type ?? file.type, size: bytes.length, width: info?.width, height: info?.height },
      form.square === '1',
    );
    if (problem || !info) return c.json({ error: problem ?? '只能上传 PNG、JPEG、GIF 或 WebP 图片' }, 400);
    const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[info.type];
    // The key stays under the token's prefix whatever the form says: a tenant writes only its own folder.
    const key = `${grant.p}${new Date().toISOString().slice(0, 10)}/${randomBytes(12).toString('hex')}.${ext}`;
    const target = path.join(options.dir, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    return c.json({ key, hash: createHmac('sha1', 'etag').update(bytes).digest('hex'), width: info.width, height: info.height });
  });

  /** The files back, at /uploads/<key>: images only, names the server made. */
  const files = new Hono();
  files.get('/uploads/*', async (c) => {
    const key = c.req.path.slice('/uploads/'.length);
    if (!/^scrm\/\d+\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{24}\.(png|jpg|gif|webp)$/.test(key)) return c.text('Not Found', 404);
    try {
      const bytes = await readFile(path.join(options.dir, ...key.split('/')));
      const type = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }[key.split('.').pop()!]!;
      return c.body(bytes, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' });
    } catch {
      return c.text('Not Found', 404);
    }
  });
  return { api, files };
}
