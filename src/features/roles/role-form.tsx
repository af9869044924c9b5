import { Button } from '@fluentui/react-components';
import { roleApi, type RoleNode } from '@/api/table/roles.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { ROLE_FIELDS, roleSave } from '@/api/schema/system/role.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { SelectField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { localName } from '@/api/contract/language.ts';
import { useStyles } from './styles.ts';

type RoleValues = Record<string, unknown> & { parentId: string };

/** A role's name and parent, added or changed in place above its permissions; checked by the call's own schema. */
export function RoleForm({
  role,
  parent,
  roles,
  onSaved,
  onDelete,
  onCancel,
}: {
  /** null: a new role (under `parent`) */
  role: RoleNode | null;
  parent: RoleNode | null;
  roles: RoleNode[];
  onSaved: (id: number) => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const english = useLanguage()[0] === 'en';
  const bodyOf = (v: RoleValues) =>
    ({ ...saveBody(ROLE_FIELDS, role, v), parentId: v.parentId ? Number(v.parentId) : null }) as Sent<typeof roleApi.save>;
  const form = useSchemaForm<RoleValues>(
    {
      ...formValues(ROLE_FIELDS, role),
      parentId: role ? (role.parentId === null ? '' : String(role.parentId)) : parent ? String(parent.id) : '',
    },
    roleSave,
    bodyOf,
  );
  const save = () =>
    void form.submit((v) => api.send(roleApi.save, bodyOf(v), { fieldErrors: true }).then(({ values }) => onSaved(values.id)));
  return (
    <form
      className={s.detail}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DeclaredFields fields={ROLE_FIELDS} form={form} t={t} hints={{ nameEn: t('entryNameEnHint') }} />
      <SelectField
        form={form}
        name="parentId"
        label={t('parentRole')}
        options={[
          { value: '', label: t('noParentRole') },
          ...roles.filter((r) => r.id !== role?.id).map((r) => ({ value: String(r.id), label: localName(r, english) })),
        ]}
      />
      <PermissionButton code="role:save" onClick={save}>
        {t('save')}
      </PermissionButton>
      {role ? (
        <PermissionButton code="role:delete" onClick={onDelete}>
          {t('delete')}
        </PermissionButton>
      ) : (
        <Button size="small" onClick={onCancel}>
          {t('cancel')}
        </Button>
      )}
    </form>
  );
}
