import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { imageInfo, qiniuToken } from '@server/services/uploads.ts';
import { imageProblem } from '@/api/rules/image-rules.ts';
import { pngHeader } from '@tests/support/images.ts';

describe('uploads', () => {
  it('signs a Qiniu upload token as Qiniu documents it: access key, HMAC-SHA1 of the URL-safe put policy, the policy', () => {
    const token = qiniuToken(
      { accessKey: 'AK', secretKey: 'SK', bucket: 'scrm', domain: 'https://cdn.example.com', region: 'z2' },
      'scrm/1/',
      1_700_000_000_000,
    );
    const [ak, sign, policy] = token.split(':');
    expect(ak).toBe('AK');
    const expected = createHmac('sha1', 'SK').update(policy).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(sign).toBe(expected);
    const decoded = JSON.parse(Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString()) as Record<string, unknown>;
    expect(decoded).toEqual({
      scope: 'scrm:scrm/1/',
      isPrefixalScope: 1,
      deadline: 1_700_003_600,
      fsizeLimit: 5 * 1024 * 1024,
      mimeLimit: 'image/*',
    });
  });

  it('reads the size of PNG, GIF, JPEG and WebP from their bytes, and nothing else', () => {
    expect(imageInfo(pngHeader(640, 480))).toEqual({ type: 'image/png', width: 640, height: 480 });
    const gif = Buffer.alloc(13);
    gif.write('GIF89a', 0, 'latin1');
    gif.writeUInt16LE(32, 6);
    gif.writeUInt16LE(16, 8);
    expect(imageInfo(gif)).toEqual({ type: 'image/gif', width: 32, height: 16 });
    // JPEG: SOI, an APP0 segment, then SOF0 with height 200 and width 300
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x03, 0, 0, 0, 0,
    ]);
    expect(imageInfo(jpeg)).toEqual({ type: 'image/jpeg', width: 300, height: 200 });
    const webp = Buffer.alloc(32);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(99, 27, 3);
    expect(imageInfo(webp)).toEqual({ type: 'image/webp', width: 100, height: 100 });
    expect(imageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('an image is refused for its type, its size, or (where SPEC 5 asks) for not being square', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('图片不能超过 5 MB');
    expect(imageProblem({ type: 'image/png', size: 10, width: 2, height: 1 }, true)).toBe('请上传宽高相等的图片');
    expect(imageProblem({ type: 'image/png', size: 10, width: 2, height: 1 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 10, width: 2, height: 2 }, true)).toBeNull();
  });
});
