import type { Sent } from '../../table/define.ts';
import { userApi } from '../../table/users.ts';
import type { ApiClient } from '../../client.ts';
import { encryptedWithKey } from '../session/session-calls.ts';

export type { UserRow } from '../../schema/system/user.ts';

/**
 * Saves a user; a new one carries its initial password, encrypted under a fresh single-use key like a login, and
 * `mustChange` asks that the user change it at the first sign-in. Answers `{ id }`, the user's.
 */
export async function saveUser(api: ApiClient, user: Sent<typeof userApi.save>, password?: string, mustChange = false) {
  const body =
    password === undefined
      ? user
      : { ...user, ...(await encryptedWithKey(api, password)), ...(mustChange ? { mustChangePassword: true } : {}) };
  return (await api.send(userApi.save, body, { fieldErrors: true })).values;
}

/**
 * The users import's upload: the sheet and its users' initial password, encrypted under a single-use key; `mustChange`
 * asks that they change it at the first sign-in.
 */
export async function importForm(api: ApiClient, file: File, password: string, mustChange = false): Promise<FormData> {
  const form = new FormData();
  form.append('file', file);
  if (mustChange) form.append('mustChangePassword', 'true');
  const { password: sealed, keyId } = await encryptedWithKey(api, password);
  form.append('password', sealed);
  form.append('keyId', keyId);
  return form;
}

/** Uploads a users sheet (importForm) and answers the job it started. */
export async function startUserImport(
  api: ApiClient,
  file: File,
  password: string,
  opts: { signal?: AbortSignal; mustChange?: boolean } = {},
) {
  const form = await importForm(api, file, password, opts.mustChange);
  return (await api.send(userApi.importExcel, form, { signal: opts.signal })).values;
}
