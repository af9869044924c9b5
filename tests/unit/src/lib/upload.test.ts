// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadImage } from '@/lib/upload.ts';
import type { ApiClient } from '@/api/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fake XMLHttpRequest the test answers: records what was posted where, and plays progress, load, error, abort. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  body: FormData | null = null;
  responseType = '';
  response: unknown = null;
  status = 200;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe('uploadImage (SPEC 3 Qiniu form upload)', () => {
  const grant = { token: 'tk', uploadPath: 'avatar/', regionName: 'z2', qiniuUrl: 'https://cdn.example.com/' };
  const api = (answer: object = grant) => {
    const calls: unknown[] = [];
    // the declared call's method and path, and the query it sends
    const send = async (call: { method: string; path: string }, body: unknown) => (calls.push([call.method, call.path, body]), answer);
    return { calls, client: { send } as unknown as ApiClient };
  };
  const png = (size = 1000) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });
  const bitmap = (width: number, height: number) => vi.fn(async () => ({ width, height, close: () => {} }));
  const settle = () => new Promise((r) => setTimeout(r, 0));

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('asks for a token (with the tenant when given), posts Qiniu’s fields to the region’s host, and answers the public address', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(200, 200));
    const { calls, client } = api();
    const progress: number[] = [];
    const done = uploadImage(client, png(), { square: true, onProgress: (f) => progress.push(f), tenantId: 3 });
    await settle();
    const xhr = FakeXhr.last;
    expect(calls).toEqual([['GET', '/v1/system/get7niuToken', { renantId: '3' }]]);
    expect([xhr.method, xhr.url, xhr.responseType]).toEqual(['POST', 'https://up-z2.qiniup.com', 'json']);
    expect(xhr.body!.get('token')).toBe('tk');
    expect(xhr.body!.get('key')).toMatch(/^avatar\/[0-9a-z]+-[0-9a-z]{1,6}$/);
    expect(xhr.body!.get('square')).toBe('1');
    expect((xhr.body!.get('file') as File).name).toBe('a.png');
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 1, total: 4 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.response = { key: 'avatar/k1' };
    xhr.onload!();
    await expect(done).resolves.toBe('https://cdn.example.com/avatar/k1');
    expect(progress).toEqual([0.25, 1]);
  });

  it('posts to the server’s own address when it names one, else the region’s, else z0; no tenant, no square field', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(300, 100));
    for (const [answer, host] of [
      [{ ...grant, uploadUrl: '/manage/anon/upload' }, '/manage/anon/upload'],
      [{ ...grant, regionName: 'na0' }, 'https://up-na0.qiniup.com'],
      [{ ...grant, regionName: 'mars' }, 'https://up-z0.qiniup.com'],
    ] as const) {
      const { calls, client } = api(answer);
      const done = uploadImage(client, png());
      await settle();
      expect(FakeXhr.last.url).toBe(host);
      expect(FakeXhr.last.body!.get('square')).toBeNull();
      expect(calls[0]).toEqual(['GET', '/v1/system/get7niuToken', {}]);
      FakeXhr.last.response = { key: 'k' };
      FakeXhr.last.onload!();
      await expect(done).resolves.toBe('https://cdn.example.com/k');
    }
  });

  it('refuses before asking for a token: a wrong type, a picture that is not square, one that cannot be read', async () => {
    const { calls, client } = api();
    vi.stubGlobal('createImageBitmap', bitmap(300, 100));
    await expect(uploadImage(client, new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toThrow(
      '只能上传 PNG、JPEG、GIF 或 WebP 图片',
    );
    await expect(uploadImage(client, png(), { square: true })).rejects.toThrow('请上传宽高相等的图片');
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new Error('decode');
      }),
    );
    const unreadable = uploadImage(client, png());
    await expect(unreadable).rejects.toBeInstanceOf(UploadError);
    await expect(unreadable).rejects.toThrow('图片无法读取，请换一张');
    expect(calls).toEqual([]);
  });

  it('says what the storage refused, a failed network, a cancel, and a bare status', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(10, 10));
    const cases: Array<[(x: FakeXhr) => void, string]> = [
      [(x) => ((x.response = { error: 'file exists' }), x.onload!()), 'file exists'],
      [(x) => ((x.response = {}), x.onload!()), '上传失败，请重试'],
      [(x) => ((x.response = null), (x.status = 502), x.onload!()), '状态码 502 网络异常'],
      [(x) => x.onerror!(), '网络异常，请检查网络后重试'],
    ];
    for (const [play, message] of cases) {
      const done = uploadImage(api().client, png());
      await settle();
      play(FakeXhr.last);
      await expect(done).rejects.toThrow(message);
    }
    const cancel = new AbortController();
    const progress: number[] = [];
    const done = uploadImage(api().client, png(), { signal: cancel.signal, onProgress: (f) => progress.push(f) });
    await settle();
    cancel.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(done).rejects.toThrow('已取消上传');
    expect(progress).toEqual([]);
  });
});
