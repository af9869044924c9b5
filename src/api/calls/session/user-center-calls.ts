import type { ApiClient } from '../../client.ts';
import type { AesKey } from '../../contract.ts';
import { passportApi, userCenterApi } from '../../table/session.ts';
import { DEFAULT_AES_KEY, encryptPassword } from './session-calls.ts';

/**
 * 用户中心 › 修改密码: both passwords encrypted under one single-use key; refusals name `oldPassword` or `password`.
 * Answers how many other sessions ended.
 */
export async function changePassword(api: ApiClient, oldPassword: string, password: string) {
  const keyAnswer: { values?: AesKey } = await api.send(passportApi.aesKey, {});
  const key = keyAnswer.values?.key ? keyAnswer.values : DEFAULT_AES_KEY;
  const body = { keyId: key.keyId, oldPassword: await encryptPassword(oldPassword, key), password: await encryptPassword(password, key) };
  return (await api.send(userCenterApi.updatePassword, body, { fieldErrors: true })).values;
}
