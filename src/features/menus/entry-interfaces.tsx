import { Button, Combobox, Field, Option, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { InterfaceRow } from '@/api/table/platform.ts';
import type { menuApi } from '@/api/table/platform.ts';
import type { Bound } from '@/api/client.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';
import { useStyles } from './styles.ts';
import { Mono } from '@/kit/table/mono.tsx';

/** The interfaces a page or button may call: listed, added from the interface list, removed. Saved at once. */
export function EntryInterfaces({ menuId, calls }: { menuId: number; calls: Bound<typeof menuApi> }) {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const [all, setAll] = useState<InterfaceRow[] | null>(null);
  const [related, setRelated] = useState<number[] | null>(null);
  const [adding, setAdding] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([calls.interfaces({ pageNum: 1, pageSize: 500 }), calls.relations({ menuId })]).then(
      ([list, { values: ids }]) => {
        if (!live) return;
        setAll(list.values);
        setRelated(ids);
      },
      () => live && setRelated([]),
    );
    return () => {
      live = false;
    };
  }, [calls, menuId]);

  const set = async (ids: number[]) => {
    setSaving(true);
    try {
      await calls.setRelations({ menuId, interfaceIds: ids });
      setRelated(ids);
      notify(t('operationDone'), 'success');
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };
  if (!related || !all) return <Spinner size="tiny" label={t('loading')} />;
  const byId = new Map(all.map((i) => [i.id, i]));
  const candidates = all.filter((i) => i.access !== 'anonymous' && i.access !== 'shell' && !related.includes(i.id));
  return (
    <section className={s.section} aria-label={t('entryInterfaces')}>
      <h3 className={s.sectionTitle}>{t('entryInterfaces')}</h3>
      <p className={s.muted}>{t('entryInterfacesHint')}</p>
      {related.length === 0 ? (
        <p className={s.muted}>{t('noInterfaces')}</p>
      ) : (
        <ul className={s.list}>
          {related.map((id) => {
            const i = byId.get(id);
            return (
              <li key={id} className={s.listRow}>
                <Mono>
                  {i ? `${i.method} ${i.path}` : `#${id}`}
                  {i?.name ? ` · ${i.name}` : ''}
                </Mono>
                <Button
                  size="small"
                  appearance="subtle"
                  disabled={saving}
                  aria-label={t('removeInterface', { path: i?.path ?? String(id) })}
                  onClick={() => void set(related.filter((x) => x !== id))}
                >
                  {t('remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={s.inline} style={{ marginTop: tokens.spacingVerticalS }}>
        <Field label={t('addInterface')}>
          <Combobox
            placeholder={t('addInterfacePlaceholder')}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            onOptionSelect={(_, d) => {
              setAdding('');
              if (d.optionValue) void set([...related, Number(d.optionValue)]);
            }}
          >
            {candidates
              .filter((i) => !adding || `${i.path} ${i.name}`.toLowerCase().includes(adding.toLowerCase()))
              .slice(0, 50)
              .map((i) => (
                <Option key={i.id} value={String(i.id)} text={`${i.method} ${i.path}`}>
                  {`${i.method} ${i.path}${i.name ? ` · ${i.name}` : ''}`}
                </Option>
              ))}
          </Combobox>
        </Field>
      </div>
    </section>
  );
}
