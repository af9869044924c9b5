import type { ApiClient } from '../../client.ts';
import type { AesKey, Answer } from '../../contract.ts';
import { DEFAULT_AES_KEY, encryptPassword } from './session-calls.ts';

/** 用户中心: the signed-in user's own account. */
export const userCenterCalls = (api: ApiClient) => ({
  /** one's own nickname and avatar; refusals name the field */
  updateInfo: (p: { nickname: string; headimgurl: string }) => api.call('/v1/user/updateInfo', p, { fieldErrors: true }),
  /** both passwords encrypted under one single-use key; refusals name `oldPassword` or `password` */
  updatePassword: async (oldPassword: string, password: string) => {
    const keyAnswer = await api.call<Answer<AesKey>>('/anon/passport/aesKey');
    const key = keyAnswer.values?.key ? keyAnswer.values : DEFAULT_AES_KEY;
    const answer = await api.call<Answer<{ endedSessions: number }>>(
      '/v1/user/updatePassword',
      { keyId: key.keyId, oldPassword: await encryptPassword(oldPassword, key), password: await encryptPassword(password, key) },
      { fieldErrors: true },
    );
    return answer.values!;
  },
});
