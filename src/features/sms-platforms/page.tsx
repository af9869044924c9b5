import { ResourceList } from '@/kit/list/resource-list.tsx';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { smsPlatformApi, type SmsPlatform } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { SMS_PLATFORM_FIELDS } from '@/api/schema/system/sms-platform.ts';
import { declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import type { RowFormProps } from '@/kit/form/use-editor.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useAllRows } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { PlatformForm } from './platform-form.tsx';
import { TestDialog } from './test-dialog.tsx';
import { Mono } from '@/kit/table/mono.tsx';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * 系统管理 › 短信平台: the tenant's SMS providers (one active: verification codes go out through it), their secrets
 * shown only masked, and a test SMS.
 */
export default function SmsPlatformView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const calls = useBound(smsPlatformApi);
  const cell = useCellText();
  const data = useAllRows(() => calls.list({}).then((a) => a.values), [calls]);
  const page = useListPage({ data, form: (p: RowFormProps<SmsPlatform>) => <PlatformForm {...p} /> });
  const [testing, setTesting] = useState<SmsPlatform | null>(null);
  // the verification-code template beside the signature it goes out with
  const template: Column<SmsPlatform> = {
    key: 'template',
    title: t('verifyTemplate'),
    width: 110,
    render: (r) => <Mono>{r.templates.verify_code ?? '--'}</Mono>,
  };
  const declared = declaredColumns<SmsPlatform>(
    SMS_PLATFORM_FIELDS,
    cell,
    {
      active: {
        render: (r) =>
          r.active ? (
            <Badge appearance="tint" color="success">
              {t('inUse')}
            </Badge>
          ) : (
            <span className={s.muted}>--</span>
          ),
      },
    },
    { signName: [template] },
  );
  const columns: Column<SmsPlatform>[] = [
    ...declared,
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        page.editAction(r, 'sms-platform:edit'),
        { code: 'sms-platform:test', label: t('sendTestSms'), run: () => setTesting(r) },
        page.deleteAction('sms-platform:del', t('confirmDeleteSmsPlatform', { name: r.name }), () => calls.remove({ id: r.id })),
      ],
    }),
  ];
  return (
    <ResourcePage
      route={route}
      hint={t('smsPlatformHint')}
      buttons={[{ code: 'sms-platform:add', label: t('addSmsPlatform'), run: page.add }]}
    >
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('emptySmsPlatforms') }} />
      {testing && <TestDialog row={testing} onClose={() => setTesting(null)} />}
      {page.dialogs}
    </ResourcePage>
  );
}
