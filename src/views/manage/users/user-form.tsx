import { Checkbox, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { USER_TYPE_RANK, localName, type DepartRef, type UserInput } from '../../../api/contract.ts';
import { fieldProblems } from '../../../api/schema/kit.ts';
import { userForm } from '../../../api/schema/system/user.ts';
import { userCalls } from '../../../api/calls/user-calls.ts';
import type { RoleRow } from '../../../api/calls/role-calls.ts';
import { useCalls } from '../../../shell/session/api-context.ts';
import { CheckboxGroup } from '../../../kit/form/checkbox-group.tsx';
import { FormDrawer } from '../../../kit/form/form-drawer.tsx';
import { useDebouncedValue } from '../../../kit/form/use-debounced-value.ts';
import { useSchemaForm } from '../../../kit/form/use-form.ts';
import { TextField } from '../../../kit/form/form-fields.tsx';
import { useLanguage, useT } from '../../../i18n/use-t.ts';

export type UserFormTarget = { kind: 'new' } | { kind: 'edit'; id: number };

interface Values extends Record<string, unknown> {
  userName: string;
  password: string;
  nickname: string;
  phone: string;
  userType: string;
  departIds: number[];
  roleIds: number[];
}

/** The body the user schema checks: the form's values with the type as a number. */
const bodyOf = (v: Values) => ({ ...v, userType: v.userType === '' ? '' : Number(v.userType) });
const EMPTY: Values = { userName: '', password: '', nickname: '', phone: '', userType: '1', departIds: [], roleIds: [] };

export interface UserFormProps {
  target: UserFormTarget;
  roles: readonly RoleRow[];
  departs: readonly DepartRef[];
  /** the signed-in user's type: no higher type is offered (the server refuses it too) */
  myUserType: number;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a user in the kit's drawer; the rules are the server's own (the user schema), checked as you go. */
export function UserForm({ target, roles, departs, myUserType, onClose, onSaved }: UserFormProps) {
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const calls = useCalls(userCalls);
  const isNew = target.kind === 'new';
  const [loaded, setLoaded] = useState(isNew);
  const rules = useMemo(() => userForm(isNew), [isNew]);
  const form = useSchemaForm<Values>(EMPTY, rules, bodyOf);
  const validate = (v: Values) => fieldProblems(rules, bodyOf(v));

  useEffect(() => {
    if (target.kind !== 'edit') return;
    calls.detail(target.id).then((u) => {
      form.reset({
        ...EMPTY,
        userName: u.userName,
        nickname: u.nickname,
        phone: u.phone,
        userType: String(u.userType),
        departIds: u.departIds,
        roleIds: u.roleIds,
      });
      setLoaded(true);
    }, onClose);
    // Once per opened user: `form` and `calls` are the same for the drawer's life.
  }, [target]);

  // The administrator knows the initial password: by default the user must replace it at the first sign-in.
  const [mustChange, setMustChange] = useState(true);

  // Availability while typing, 500 ms after the last key (the spec's debounce), only for a well-formed name.
  const typed = useDebouncedValue(form.values.userName.trim(), 500);
  const [availability, setAvailability] = useState<'idle' | 'checking' | 'free' | 'taken'>('idle');
  useEffect(() => {
    if (!isNew || !typed || validate({ ...form.values, userName: typed }).userName) return setAvailability('idle');
    const abort = new AbortController();
    setAvailability('checking');
    calls.checkUsername(typed, abort.signal).then(
      (free) => setAvailability(free ? 'free' : 'taken'),
      () => setAvailability('idle'),
    );
    return () => abort.abort();
    // Checked again when the settled name changes, not on every keystroke of the other fields.
  }, [typed, isNew, calls]);

  const save = async (v: Values) => {
    const input: UserInput = {
      ...(isNew ? { userName: v.userName.trim() } : { id: (target as { id: number }).id }),
      nickname: v.nickname.trim(),
      phone: v.phone.trim(),
      userType: Number(v.userType) as 0 | 1 | 2,
      departIds: v.departIds,
      roleIds: v.roleIds,
    };
    await calls.save(input, isNew ? v.password : undefined, isNew && mustChange);
    onSaved();
  };

  const accountField = form.field('userName');
  const accountHint =
    availability === 'checking' ? t('checkingAccount') : availability === 'free' ? t('accountAvailable') : t('accountRule');
  const typeOptions = [0, 2, 1].filter((x) => USER_TYPE_RANK[x] <= USER_TYPE_RANK[myUserType]);

  return (
    <FormDrawer open title={isNew ? t('addUser') : t('editUser')} form={form} onSave={save} onClose={onClose}>
      {!loaded ? (
        <Spinner label={t('loading')} />
      ) : (
        <>
          {isNew && (
            <Field
              label={t('account')}
              required={form.required?.('userName')}
              {...(availability === 'taken' && !accountField.validationMessage
                ? { validationState: 'error' as const, validationMessage: t('accountTaken') }
                : accountField)}
              hint={accountField.validationMessage ? undefined : accountHint}
            >
              <Input
                name="userName"
                autoComplete="off"
                value={form.values.userName}
                onChange={(_, d) => form.set('userName', d.value)}
                onBlur={() => form.blur('userName')}
              />
            </Field>
          )}
          {isNew && <TextField form={form} name="password" label={t('initialPassword')} type="password" hint={t('passwordRule')} />}
          {isNew && (
            <Checkbox label={t('mustChangeAtFirstSignIn')} checked={mustChange} onChange={(_, d) => setMustChange(d.checked === true)} />
          )}
          <TextField form={form} name="nickname" label={t('nickname')} />
          <Field
            label={t('phone')}
            {...form.field('phone')}
            hint={!form.error('phone') && !form.values.phone.trim() ? t('phoneAskedAtFirstSignIn') : undefined}
          >
            <Input
              name="phone"
              inputMode="numeric"
              maxLength={11}
              value={form.values.phone}
              onChange={(_, d) => form.set('phone', d.value)}
              onBlur={() => form.blur('phone')}
            />
          </Field>
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
        </>
      )}
    </FormDrawer>
  );
}
