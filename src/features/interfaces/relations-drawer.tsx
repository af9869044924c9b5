import { Spinner } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { InterfaceRow } from '@/api/table/platform.ts';
import type { menuApi } from '@/api/table/platform.ts';
import type { Bound } from '@/api/client.ts';
import { catalogueTree, initialChecked, toSave, type PermissionTreeNode } from '@/menu/permission-tree.ts';
import { SideDrawer } from '@/kit/page/side-drawer.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { useStyles } from './styles.ts';
import { MenuCheckTree, catalogueInLanguage } from '../permissions/index.ts';
import { ActionPair } from '@/kit/form/actions.tsx';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

/** Which pages and buttons may call one interface: the whole catalogue as a check tree; the page says it saved. */
export function RelationsDrawer({
  row,
  calls,
  onClose,
  onSaved,
}: FormOutcome & {
  row: InterfaceRow;
  calls: Bound<typeof menuApi>;
}) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const home = t('homeEntry');
  const [nodes, setNodes] = useState<PermissionTreeNode[] | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([calls.catalogue({}), calls.relations({ interfaceId: row.id })]).then(
      ([{ values: catalogue }, { values: ids }]) => {
        if (!live) return;
        const named = catalogueInLanguage(catalogue, language === 'en', home);
        const tree = catalogueTree(named, new Set(ids), () => true, { sharedOnly: false });
        setNodes(tree);
        setChecked(initialChecked(tree));
      },
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [calls, row.id, language, home]);
  const save = async () => {
    if (!nodes) return;
    setSaving(true);
    try {
      // Pages and buttons only: a directory never calls anything.
      const ids = toSave(nodes, checked).filter((id) => checked.has(id));
      await calls.setRelations({ interfaceId: row.id, menuIds: ids });
      onSaved();
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };
  const title = t('relationsOf', { path: row.path });
  return (
    <SideDrawer
      title={title}
      onClose={onClose}
      footer={<ActionPair label={t('save')} busy={saving} disabled={!nodes} onAct={() => void save()} onCancel={onClose} />}
    >
      <p className={s.hint}>{row.access === 'platform' ? t('platformInterfaceHint') : t('relationsHint')}</p>
      {!nodes ? <Spinner label={t('loading')} /> : <MenuCheckTree label={title} nodes={nodes} checked={checked} onChange={setChecked} />}
    </SideDrawer>
  );
}
