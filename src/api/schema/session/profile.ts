import * as v from 'valibot';
import { body, given } from '../kit.ts';
import { say } from '../messages.ts';

/*
 * One's own profile: a shell call (个人信息), kept apart from the users' declaration so that the login page, which
 * loads the shell's call table, does not load the users' fields with it (issue 46).
 */

/** A user's nickname: required, at most 32 characters, no markup that could run in another page. */
export const nickname = () =>
  given(
    v.pipe(
      v.string(say('nicknameRequired')),
      v.trim(),
      v.nonEmpty(say('nicknameRequired')),
      v.maxLength(32, say('nicknameMax')),
      v.check((s) => !/<\s*\/?\s*(script|img|iframe)\b/i.test(s), say('nicknameMarkup')),
    ),
  );

/** /v1/user/updateInfo: one's own nickname and avatar (an uploaded image or a web address). */
export const profile = body({
  nickname: nickname(),
  headimgurl: v.optional(
    v.pipe(
      v.string(say('avatar')),
      v.trim(),
      v.check((s) => !s || /^(https?:\/\/|\/uploads\/)[^\s<>"']{1,490}$/.test(s), say('avatar')),
    ),
    '',
  ),
});
