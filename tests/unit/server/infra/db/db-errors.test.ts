import { describe, expect, it } from 'vitest';
import { onDuplicate } from '@server/infra/db/db-errors.ts';
import { ApiError } from '@server/infra/http/http.ts';

/** A refusal as pg and PGlite raise it: SQLSTATE 23505 with the index's name, or only the server's text. */
const duplicate = (index: string, named = true) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${index}"`), {
    code: '23505',
    ...(named ? { constraint: index } : {}),
  });
const failing = (err: unknown) => Promise.reject(err);

describe('onDuplicate: the one way a unique index’s refusal is handled', () => {
  it('answers the work’s result when nothing is refused', async () => {
    await expect(onDuplicate(Promise.resolve([{ id: 1 }]), '重复')).resolves.toEqual([{ id: 1 }]);
  });

  it('lets any other error through unchanged: a foreign key, a check, a lost connection', async () => {
    const other = Object.assign(new Error('violates foreign key'), { code: '23503' });
    await expect(onDuplicate(failing(other), '重复')).rejects.toBe(other);
    const gone = new Error('Connection terminated unexpectedly');
    await expect(onDuplicate(failing(gone), () => new ApiError('x'))).rejects.toBe(gone);
  });

  it('a message becomes the refusal; an ApiError is thrown as it is, with its field', async () => {
    await expect(onDuplicate(failing(duplicate('role_tenant_name')), '该角色名称已存在')).rejects.toEqual(new ApiError('该角色名称已存在'));
    const named = new ApiError('企业编码已被使用', { field: 'code' });
    await expect(onDuplicate(failing(duplicate('tenant_code')), named)).rejects.toBe(named);
  });

  it('chooses by the index’s name, read from the error or from its text when the driver gives no name', async () => {
    const seen: string[] = [];
    const by = (index: string) => (seen.push(index), index.includes('component') ? new ApiError('页面组件') : new ApiError('标识'));
    await expect(onDuplicate(failing(duplicate('meta_table_tenant_component')), by)).rejects.toEqual(new ApiError('页面组件'));
    await expect(onDuplicate(failing(duplicate('meta_table_tenant_name', false)), by)).rejects.toEqual(new ApiError('标识'));
    expect(seen).toEqual(['meta_table_tenant_component', 'meta_table_tenant_name']);
  });

  it('an index the writer does not explain rethrows the database’s error', async () => {
    const err = duplicate('some_other_index');
    await expect(onDuplicate(failing(err), () => undefined)).rejects.toBe(err);
  });

  it('another way on: the fallback’s result is the answer (rows saved one by one)', async () => {
    await expect(onDuplicate(failing(duplicate('app_user_name')), async () => [{ n: 2 }])).resolves.toEqual([{ n: 2 }]);
  });
});
