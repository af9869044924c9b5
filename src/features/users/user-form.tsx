import { Checkbox, Field, Select, Spinner } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { localName } from '@/api/contract/language.ts';
import { type DepartRef } from '@/api/contract/session.ts';
import { USER_TYPE_RANK } from '@/api/contract/users.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { USER_FIELDS, userForm } from '@/api/schema/system/user.ts';
import { declaredValues } from '@/api/schema/resource.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { saveUser } from '@/api/calls/system/user-calls.ts';
import { userApi } from '@/api/table/users.ts';
import type { RoleRow } from '@/api/table/roles.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { CheckboxGroup } from '@/kit/form/controls/checkbox-group.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { AccountField, type UserFormValues as Values } from './account-field.tsx';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

/** The body the user schema checks: the form's values with the type as a number. */
const bodyOf = (v: Values) => ({ ...v, userType: v.userType === '' ? '' : Number(v.userType) });
const EMPTY: Values = {
  userName: '',
  password: '',
  nickname: '',
  phone: '',
  userType: '1',
  departIds: [],
  roleIds: [],
  ...declaredValues(USER_FIELDS),
};

export interface UserFormProps extends FormOutcome {
  /** the user to edit; null adds one */
  id: number | null;
  roles: readonly RoleRow[];
  departs: readonly DepartRef[];
  /** the signed-in user's type: no higher type is offered (the server refuses it too) */
  myUserType: number;
}

/** Add or edit a user in the kit's drawer; the rules are the server's own (the user schema), checked as you go. */
export function UserForm({ id, roles, departs, myUserType, onClose, onSaved }: UserFormProps) {
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const api = useApi();
  const isNew = id === null;
  const [loaded, setLoaded] = useState(isNew);
  const rules = useMemo(() => userForm(isNew), [isNew]);
  const form = useSchemaForm<Values>(EMPTY, rules, bodyOf);
  const validate = (v: Values) => fieldProblems(rules, bodyOf(v));

  useEffect(() => {
    if (id === null) return;
    api.send(userApi.detail, { id }).then(({ values: u }) => {
      const { userName, nickname, phone, departIds, roleIds } = u;
      form.reset({
        ...EMPTY,
        userName,
        nickname,
        phone,
        userType: String(u.userType),
        departIds,
        roleIds,
        ...declaredValues(USER_FIELDS, u),
      });
      setLoaded(true);
    }, onClose);
    // Once per opened user: `form` and `api` are the same for the drawer's life.
  }, [id]);

  // The administrator knows the initial password: by default the user must replace it at the first sign-in.
  const [mustChange, setMustChange] = useState(true);

  const save = async (v: Values) => {
    const input = {
      ...(isNew ? { userName: v.userName.trim() } : { id: id! }),
      nickname: v.nickname.trim(),
      phone: v.phone.trim(),
      userType: Number(v.userType) as 0 | 1 | 2,
      departIds: v.departIds,
      roleIds: v.roleIds,
      ...declaredValues(USER_FIELDS, v),
    };
    await saveUser(api, input, isNew ? v.password : undefined, isNew && mustChange);
    onSaved();
  };

  const typeOptions = [0, 2, 1].filter((x) => USER_TYPE_RANK[x] <= USER_TYPE_RANK[myUserType]);

  return (
    <FormDrawer open title={isNew ? t('addUser') : t('editUser')} form={form} onSave={save} onClose={onClose}>
      {!loaded ? (
        <Spinner label={t('loading')} />
      ) : (
        <>
          {isNew && (
            <AccountField
              form={form}
              wellFormed={(name) => !validate({ ...form.values, userName: name }).userName}
              check={async (userName, signal) =>
                (await api.send(userApi.checkUsername, { userName }, { quiet: true, signal })).values.available
              }
            />
          )}
          {isNew && <TextField form={form} name="password" label={t('initialPassword')} type="password" hint={t('passwordRule')} />}
          {isNew && (
            <Checkbox label={t('mustChangeAtFirstSignIn')} checked={mustChange} onChange={(_, d) => setMustChange(d.checked === true)} />
          )}
          <DeclaredFields
            fields={USER_FIELDS}
            only={['nickname', 'phone']}
            form={form}
            t={t}
            hints={{ phone: form.values.phone.trim() ? undefined : t('phoneAskedAtFirstSignIn') }}
          />
          <Field label={t('userType')} required={form.required?.('userType')} {...form.field('userType')}>
            <Select name="userType" value={form.values.userType} onChange={(_, d) => form.set('userType', d.value)}>
              {typeOptions.map((x) => (
                <option key={x} value={x}>
                  {t(`userType${x as 0 | 1 | 2}`)}
                </option>
              ))}
            </Select>
          </Field>
          <CheckboxGroup
            label={t('departments')}
            required={form.required?.('departIds')}
            options={departs.map((d) => ({ value: d.id, label: d.departName }))}
            value={form.values.departIds}
            onChange={(next) => {
              form.set('departIds', next);
              form.blur('departIds');
            }}
            error={form.error('departIds')}
          />
          <CheckboxGroup
            label={t('roles')}
            options={roles.map((r) => ({ value: r.id, label: localName(r, english) }))}
            value={form.values.roleIds}
            onChange={(next) => form.set('roleIds', next)}
            error={form.error('roleIds')}
          />
          {/* the declared fields after the account's own: 备注, and any field declared later */}
          <DeclaredFields fields={USER_FIELDS} omit={['nickname', 'phone', 'userType']} form={form} t={t} />
        </>
      )}
    </FormDrawer>
  );
}
