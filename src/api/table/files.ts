import * as v from 'valibot';
import { answers, defineCall, query } from './define.ts';
import { imageUpload } from '../schema/session/upload.ts';
import { IMAGE_RULES } from '../rules/image-rules.ts';

/** Where an upload goes and what it may be called (SPEC's get7niuToken): Qiniu's, or the server's own storage. */
export const uploadGrant = v.object({
  result: v.literal('ok'),
  token: v.string(),
  /** where uploaded files are read from: `${qiniuUrl}/${key}` */
  qiniuUrl: v.string(),
  /** the key prefix the token allows */
  uploadPath: v.string(),
  /** z0 华东, z1 华北, z2 华南, na0 北美, as0 东南亚; 'local' for the server's own storage */
  regionName: v.string(),
  uploadUrl: v.optional(v.string()),
});
export type UploadGrant = v.InferOutput<typeof uploadGrant>;

/** Uploads (images of avatars, records and campaigns) and export files. */
export const fileApi = {
  /** a token for one upload under the tenant's prefix; public pages name their tenant as renantId */
  uploadToken: defineCall({
    method: 'GET',
    path: '/v1/system/get7niuToken',
    owner: 'shell',
    input: query({ renantId: v.optional(v.string()) }),
    answer: uploadGrant,
  }),
  /** the server's own storage, when Qiniu is not configured: Qiniu's form fields, answered like Qiniu ({ key, hash }) */
  upload: defineCall({
    path: '/anon/upload',
    owner: 'anonymous',
    input: imageUpload,
    answer: v.object({ key: v.string(), hash: v.string() }),
    form: true,
    // the file and the form fields around it
    maxBytes: IMAGE_RULES.maxBytes + 64 * 1024,
  }),
  /** a finished export's file, by its signed link (id, expiry e, signature s) */
  exportFile: defineCall({
    method: 'GET',
    path: '/anon/exportFile',
    owner: 'anonymous',
    input: query({ id: v.optional(v.string()), e: v.optional(v.string()), s: v.optional(v.string()) }),
    answer: answers.notJson(),
  }),
};
