import type { ApiClient } from '@/api/client.ts';
import { fileApi } from '@/api/table/files.ts';
import { imageProblem } from '@/api/rules/image-rules.ts';

/** An upload refused before or by the storage, in the product's words. */
export class UploadError extends Error {}

/** Width and height of an image file as the browser decodes it (null when it cannot). */
async function dimensions(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Qiniu's upload hosts by the spec's regions (a backend that does not say where to post). */
const REGION_HOSTS: Record<string, string> = {
  z0: 'https://up-z0.qiniup.com',
  z1: 'https://up-z1.qiniup.com',
  z2: 'https://up-z2.qiniup.com',
  na0: 'https://up-na0.qiniup.com',
  as0: 'https://up-as0.qiniup.com',
};

/**
 * The one upload helper (avatars, record images, the page builder, campaign images): checks the image (type, size,
 * square where the spec asks), asks the server for an upload token, posts the file with Qiniu's
 * form fields to the region's host or the server's own storage, reporting progress (0–1), and answers the file's
 * public address. Refusals are UploadError with the message to show.
 * @example const url = await uploadImage(api, file, { square: true, onProgress: setProgress });
 */
export async function uploadImage(
  api: ApiClient,
  file: File,
  options: { square?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal; tenantId?: number | null } = {},
): Promise<string> {
  const size = await dimensions(file);
  const problem = imageProblem({ type: file.type, size: file.size, ...(size ?? {}) }, options.square);
  if (problem) throw new UploadError(problem);
  if (!size) throw new UploadError('图片无法读取，请换一张');
  const grant = await api.send(fileApi.uploadToken, options.tenantId ? { renantId: String(options.tenantId) } : {});
  const form = new FormData();
  form.append('token', grant.token);
  form.append('key', `${grant.uploadPath}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
  if (options.square) form.append('square', '1');
  form.append('file', file);
  const target = grant.uploadUrl ?? REGION_HOSTS[grant.regionName] ?? REGION_HOSTS.z0;
  const answer = await new Promise<{ key?: string; error?: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress?.(e.loaded / e.total);
    xhr.onload = () => resolve((xhr.response as { key?: string; error?: string } | null) ?? { error: `状态码 ${xhr.status} 网络异常` });
    xhr.onerror = () => reject(new UploadError('网络异常，请检查网络后重试'));
    xhr.onabort = () => reject(new UploadError('已取消上传'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  if (!answer.key) throw new UploadError(answer.error ?? '上传失败，请重试');
  options.onProgress?.(1);
  return `${grant.qiniuUrl.replace(/\/$/, '')}/${answer.key}`;
}
