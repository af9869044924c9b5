import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { baseInfoCalls, type DepartRow } from '../../api/base-info-calls.ts';
import { fetchUserInfo } from '../../api/session-calls.ts';
import { departSave } from '../../api/schema/depart.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { SessionContext } from '../../shell/session-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListData } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const departProblems = (v: { departName: string }) => fieldProblems(departSave, v);

/**
 * 基础数据 › 部门管理 on the real department table: the departments accounts belong to and department scope reads.
 * Each row says how many accounts and business records are in it; one that holds any cannot be deleted.
 */
export default function DepartmentView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => baseInfoCalls(api), [api]);
  const mayChange = SessionContext.useSelector((st) => st.context.userInfo?.userType === 0);
  const data = useListData(async () => {
    const rows = await calls.departs();
    return { rows, count: rows.length };
  }, [calls]);
  const [editing, setEditing] = useState<DepartRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DepartRow | null>(null);
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions(mayChange ? [{ code: 'depart:add', label: t('departAdd'), run: openAdd }] : []);

  // The shell's own department list (filters, scope messages) comes with the user info: read it again.
  const session = SessionContext.useActorRef();
  const changed = () => {
    data.reload();
    fetchUserInfo(api).then(
      (fresh) => session.send({ type: 'USER_INFO_REFRESHED', userInfo: fresh.userInfo, tokenExpire: fresh.tokenExpire }),
      () => undefined,
    );
  };

  const columns: Column<DepartRow>[] = [
    { key: 'departName', title: t('departName'), width: 220, render: (r) => r.departName },
    { key: 'users', title: t('departUsers'), width: 110, render: (r) => r.users },
    { key: 'records', title: t('departRecords'), width: 110, render: (r) => r.records },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      render: (r) => (
        <div className={s.cellActions}>
          <Button
            size="small"
            appearance="subtle"
            disabled={!mayChange}
            aria-label={`${t('edit')} ${r.departName}`}
            onClick={() => setEditing(r)}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            appearance="subtle"
            disabled={!mayChange}
            aria-label={`${t('delete')} ${r.departName}`}
            onClick={() => setDeleting(r)}
          >
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" disabled={!mayChange} onClick={openAdd} title={mayChange ? undefined : t('departOnlyAdmins')}>
            {t('departAdd')}
          </Button>
        }
      />
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('none') }} />
      {editing && (
        <DepartForm
          target={editing}
          onClose={() => setEditing(null)}
          onSave={async (departName) => {
            await calls.saveDepart(editing === 'new' ? { departName } : { id: editing.id, departName });
            setEditing(null);
            notify(t('operationDone'), 'success');
            changed();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteRecord', { name: deleting?.departName ?? '' })}
        onConfirm={() => {
          const d = deleting!;
          setDeleting(null);
          calls.deleteDepart(d.id).then(
            () => {
              notify(t('operationDone'), 'success');
              changed();
            },
            () => undefined,
          );
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function DepartForm({
  target,
  onClose,
  onSave,
}: {
  target: DepartRow | 'new';
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const t = useT();
  const form = useForm({ departName: target === 'new' ? '' : target.departName }, departProblems);
  return (
    <FormDrawer
      open
      title={target === 'new' ? t('departAdd') : t('departEdit')}
      dirty={form.dirty}
      saving={form.saving}
      onClose={onClose}
      onSubmit={() => form.submit((v) => onSave(v.departName.trim()))}
    >
      <Field label={t('departName')} required {...form.field('departName')}>
        <Input
          value={form.values.departName}
          maxLength={32}
          onChange={(_, d) => form.set('departName', d.value)}
          onBlur={() => form.blur('departName')}
        />
      </Field>
    </FormDrawer>
  );
}
