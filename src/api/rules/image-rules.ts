/** The rules of an uploaded image (the browser checks first, the server again); apart from src/api/contract/ so the login route does not carry them. */

/** What an uploaded image may be (the browser checks first, the server again). */
export const IMAGE_RULES = { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxBytes: 5 * 1024 * 1024 } as const;

/** an image that must be square and is not. */
export const NOT_SQUARE = '请上传宽高相等的图片';

/** Why an image cannot be uploaded, or null. `square`: the spec's equal width and height. */
export function imageProblem(f: { type: string; size: number; width?: number; height?: number }, square = false): string | null {
  if (!(IMAGE_RULES.types as readonly string[]).includes(f.type)) return '只能上传 PNG、JPEG、GIF 或 WebP 图片';
  if (f.size > IMAGE_RULES.maxBytes) return '图片不能超过 5 MB';
  if (f.size === 0) return '图片是空的';
  if (square && f.width !== undefined && f.width !== f.height) return NOT_SQUARE;
  return null;
}
