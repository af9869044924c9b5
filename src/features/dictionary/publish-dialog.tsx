import { useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { FormDialog } from '@/kit/form/form-dialog.tsx';
import { navigate } from '@/shell/navigation/hash-location.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';
import type { MenuNode } from '@/api/table/session.ts';
import { metaApi } from '@/api/table/meta.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import { SelectField, TextField } from '@/kit/form/form-fields.tsx';
import { useForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

interface PublishValues extends Record<string, unknown> {
  name: string;
  nameEn: string;
  parentId: string;
}

/** The first-level directories of the caller's own menu: where a published page may go. */
const sectionsOf = (menu: readonly MenuNode[]) =>
  menu.filter((n) => typeof n.id === 'number' && n.uriType !== 2 && !n.component && n.name).map((n) => ({ id: n.id!, name: n.name! }));

/**
 * 数据字典 › 发布为页面: the table becomes a page of this tenant only, under a section of its menu, with the table's
 * five buttons granted at once to the tenant's administrators; the side menu shows it without a new sign-in.
 */
export function PublishDialog({ table, onClose, onPublished }: { table: MetaTableRow; onClose: () => void; onPublished: () => void }) {
  const t = useT();
  const calls = useBound(metaApi);
  const menu = SessionContext.useSelector((st) => st.context.menu as MenuNode[]);
  const sections = useMemo(() => sectionsOf(menu), [menu]);
  // No section is chosen for the user: the first one (小程序管理) was a guess that put pages where nobody looked.
  const form = useForm<PublishValues>({ name: table.label, nameEn: '', parentId: '' }, (v) => ({
    ...(v.name.trim() ? {} : { name: t('publishNameRequired') }),
    ...(v.parentId ? {} : { parentId: t('publishSectionRequired') }),
  }));
  const [done, setDone] = useState<{ path: string; place: string } | null>(null);
  const section = sections.find((x) => String(x.id) === form.values.parentId);
  const publish = async (v: typeof form.values) => {
    const answer = await calls.publishPage(
      { tableId: table.id, parentId: Number(v.parentId), name: v.name.trim(), nameEn: v.nameEn.trim() },
      { fieldErrors: true },
    );
    setDone({ path: answer.values.path, place: `${section?.name ?? ''} › ${v.name.trim()}` });
    onPublished();
  };
  return (
    <FormDialog
      form={form}
      title={t('publishAsPageOf', { name: table.label })}
      submitLabel={t('publish')}
      send={publish}
      onClose={onClose}
      done={
        done && {
          title: t('publishedTitle'),
          body: <span role="status">{t('publishedAsPage', { place: done.place })}</span>,
          actions: (
            <>
              <Button
                appearance="primary"
                onClick={() => {
                  onClose();
                  navigate(done.path);
                }}
              >
                {t('openPage')}
              </Button>
              <Button onClick={onClose}>{t('close')}</Button>
            </>
          ),
        }
      }
    >
      <TextField form={form} name="name" label={t('publishPageName')} required />
      <TextField form={form} name="nameEn" label={t('entryNameEn')} hint={t('entryNameEnHint')} />
      <SelectField
        form={form}
        name="parentId"
        label={t('publishSection')}
        required
        hint={t('publishHint')}
        placeholder={t('pleaseChoose')}
        options={sections.map((x) => ({ value: String(x.id), label: x.name }))}
      />
    </FormDialog>
  );
}
