import type { ApiClient } from '../../client.ts';
import { userCenterApi } from '../../table/session.ts';
import { encryptPassword, singleUseKey } from './session-calls.ts';

/**
 * 用户中心 › 修改密码: both passwords encrypted under one single-use key; refusals name `oldPassword` or `password`.
 * Answers how many other sessions ended.
 */
export async function changePassword(api: ApiClient, oldPassword: string, password: string) {
  const key = await singleUseKey(api);
  const body = { keyId: key.keyId, oldPassword: await encryptPassword(oldPassword, key), password: await encryptPassword(password, key) };
  return (await api.send(userCenterApi.updatePassword, body, { fieldErrors: true })).values;
}
