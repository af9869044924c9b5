import { sha256 } from '@noble/hashes/sha2.js';

/** Above this, a file is hashed in slices (never whole in memory); below, Web Crypto does it at once. */
const STREAM_FROM = 16 * 1024 * 1024;
const SLICE = 4 * 1024 * 1024;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * SHA-256 of a file as hex (SPEC 9): Web Crypto for small files, and for big ones @noble/hashes fed slice by slice
 * (Web Crypto has no incremental digest), so a 2 GB video never sits in memory at once. `onProgress`: 0–1.
 */
export async function sha256File(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  if (file.size < STREAM_FROM && globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    onProgress?.(1);
    return hex(new Uint8Array(digest));
  }
  const h = sha256.create();
  for (let at = 0; at < file.size; at += SLICE) {
    h.update(new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer()));
    onProgress?.(Math.min(1, (at + SLICE) / file.size));
  }
  return hex(h.digest());
}

/** SPEC 9: the hidden frame a download goes through is removed after 15 s. */
export const DOWNLOAD_FRAME_MS = 15_000;

/**
 * Downloads through a hidden frame (SPEC 9), for a server URL that answers with an attachment: the page is not
 * left, and the frame is removed after 15 s.
 */
export function downloadThroughFrame(url: string, doc: Document = document): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.src = url;
  doc.body.appendChild(frame);
  setTimeout(() => frame.remove(), DOWNLOAD_FRAME_MS);
  return frame;
}

/** SPEC 5's 'copy failed' check: the message when the clipboard refused. */
export const COPY_FAILED = '复制失败';

/**
 * Copies an image to the clipboard; where the browser cannot, downloads it as JPEG instead (SPEC 9: copied image
 * downloads use JPEG). Answers what happened, so the caller says one message.
 */
export async function copyImage(image: Blob | HTMLCanvasElement, name = 'image'): Promise<'copied' | 'downloaded'> {
  const canvas = image instanceof HTMLCanvasElement ? image : await toCanvas(image);
  const png = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  if (png) {
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
      return 'copied';
    } catch {
      // Refused, or no clipboard API at all (older browsers, insecure origins: a TypeError or ReferenceError
      // here): the download below.
    }
  }
  const jpeg = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.92));
  if (!jpeg) throw new Error(COPY_FAILED);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(jpeg);
  a.download = `${name}.jpg`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), DOWNLOAD_FRAME_MS);
  return 'downloaded';
}

async function toCanvas(blob: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d')!;
  // JPEG has no transparency: white behind it, as an image viewer shows it.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas;
}
