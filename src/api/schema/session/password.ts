import * as v from 'valibot';
import { passwordProblem } from '../../contract/session.ts';
import { body, given, text } from '../kit.ts';
import { say } from '../messages.ts';

/** The password policy (src/api/contract/session.ts's passwordProblem, which the login route's pages use without valibot). */
const newPassword = given(
  v.pipe(
    v.string(say('newPasswordRequired')),
    v.nonEmpty(say('newPasswordRequired')),
    v.check((p) => passwordProblem(p) === null, say('passwordRule')),
  ),
);
const oldPassword = given(v.pipe(v.string(say('oldPasswordRequired')), v.nonEmpty(say('oldPasswordRequired'))));
/** The new password is not the old one (under `password`), for any object holding both. */
const notTheOld = <T extends { oldPassword: string; password: string }>() =>
  v.forward<T, v.CheckIssue<T>, ['password']>(
    v.check((p: T) => p.password !== p.oldPassword, say('passwordSame')),
    ['password'] as never,
  );

/** A password change in the clear: what the server checks once it has decrypted the body, and the form before. */
export const passwordChange = v.pipe(body({ oldPassword, password: newPassword }), notTheOld());

/** The 设置密码 form: the change, and the new password typed twice. */
export const passwordChangeForm = v.pipe(
  v.strictObject({
    oldPassword,
    password: newPassword,
    confirm: given(v.pipe(v.string(say('confirmPasswordRequired')), v.nonEmpty(say('confirmPasswordRequired')))),
  }),
  notTheOld(),
  v.forward(
    v.check((p) => p.confirm === p.password, say('passwordMismatch')),
    ['confirm'],
  ),
);

/** /v1/user/updatePassword on the wire: both passwords encrypted under a single-use key (keyId). */
export const passwordChangeBody = body({
  keyId: text({ required: 'keyExpired', max: [64, 'keyExpired'] }),
  oldPassword: text({ required: 'oldPasswordRequired', max: [1024, 'passwordUnreadable'] }),
  password: text({ required: 'newPasswordRequired', max: [1024, 'passwordUnreadable'] }),
});
