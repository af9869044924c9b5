import * as v from 'valibot';
import { body } from '../kit.ts';

/**
 * /anon/upload (a multipart form, Qiniu's form upload as the console's own server serves it): the upload token,
 * the key the browser proposes (the server keeps files under the token's prefix whatever it says), the image and
 * whether it must be square. The token and the image are checked by the upload service, which answers in Qiniu's
 * shape ({ error }).
 */
export const imageUpload = body({
  token: v.optional(v.unknown()),
  key: v.optional(v.unknown()),
  square: v.optional(v.unknown()),
  file: v.optional(v.unknown()),
});
