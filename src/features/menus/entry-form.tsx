import { Button, Combobox, Field, Input, Option, Switch } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  findEntry,
  type CatalogueEntry,
  type MenuDraft,
  type MenuEditorEvent,
  type menuEditorMachine,
} from '@machines/menu-editor.machine.ts';
import { menuEntryProblems } from '@/api/schema/system/menu.ts';
import type { menuApi } from '@/api/table/platform.ts';
import type { Bound } from '@/api/client.ts';
import { ChoiceSelect } from '@/kit/form/controls/choice-select.tsx';
import { afterPointer } from '@/kit/form/after-pointer.ts';
import { parseIcon } from '@/menu/menu-model.ts';
import { MENU_ICON_NAMES } from '@/shell/navigation/menu-icons.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { INSTALLED_VIEWS } from '../view-names.ts';
import { parentOf } from './editor-logic.ts';
import { EntryInterfaces } from './entry-interfaces.tsx';
import { useStyles } from './styles.ts';
import { Mono } from '@/kit/table/mono.tsx';

const ICON_CHOICES = MENU_ICON_NAMES.map((name) => ({ value: name, label: name }));

export interface EntryFormProps {
  state: SnapshotFrom<typeof menuEditorMachine>;
  send: (event: MenuEditorEvent) => void;
  calls: Bound<typeof menuApi>;
  /** the chosen entry as the catalogue has it */
  selected: (CatalogueEntry & { roleCount?: number; interfaceCount?: number }) | null;
  editing: boolean;
  busy: boolean;
}

/**
 * One entry's form: name, and a button's code or a page's path, component (an installed page module or typed),
 * icon, hidden and button permission; save, discard, move, add a button or a child page, delete; a page's buttons
 * and the interfaces the entry may call. Rules show once a field is left or a save is tried.
 */
export function EntryForm({ state, send, calls, selected, editing, busy }: EntryFormProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const { catalogue, draft, saved, selectedId, fieldError, showProblems } = state.context;
  const [touched, setTouched] = useState<Set<string>>(new Set());
  useEffect(() => setTouched(new Set()), [selectedId, draft?.id === undefined]);
  const problems = draft ? menuEntryProblems(draft) : {};
  const fieldMessage = (field: string) => {
    if (fieldError?.field === field) return localize(fieldError.message);
    const p = (problems as Record<string, string>)[field];
    return p && (showProblems || touched.has(field)) ? localize(p) : undefined;
  };
  const fieldProps = (field: string) => {
    const m = fieldMessage(field);
    return m ? { validationState: 'error' as const, validationMessage: m } : {};
  };
  const edit = (patch: Partial<MenuDraft>) => send({ type: 'EDIT', patch });
  // A typed field: its value, an edit per keystroke (codes and paths without spaces), and touched once left.
  const typed = (field: 'name' | 'nameEn' | 'code' | 'path', trim = false) => ({
    value: draft?.[field] ?? '',
    onChange: (_: unknown, d: { value: string }) => edit({ [field]: trim ? d.value.trim() : d.value }),
    onBlur: () => afterPointer(() => setTouched((x) => new Set(x).add(field))),
  });
  const icon = parseIcon(draft?.icon ?? '');
  const setIcon = (patch: Partial<{ icon: string; hidden: boolean }>) =>
    edit({ icon: JSON.stringify({ icon: patch.icon ?? icon.icon, name: draft?.name ?? '', hidden: patch.hidden ?? icon.hidden }) });

  // The keyboard's way to move: up and down among siblings.
  const moveBy = (delta: -1 | 1) => {
    if (!selected) return;
    const parent = parentOf(catalogue, selected.id);
    const siblings = parent ? parent.children : catalogue;
    const at = siblings.findIndex((c) => c.id === selected.id);
    const to = at + delta;
    if (to < 0 || to >= siblings.length) return;
    send({ type: 'MOVE', id: selected.id, parentId: parent?.id ?? null, index: to });
  };

  const isNew = draft !== null && draft.id === undefined;
  const parent = draft ? findEntry(catalogue, draft.parentId) : null;
  const buttons = selected && selected.uriType === 1 ? selected.children.filter((c) => c.uriType === 2) : [];
  const components = INSTALLED_VIEWS;
  return !draft ? (
    <p className={s.empty}>{t('chooseMenuEntry')}</p>
  ) : (
    <form
      className={s.form}
      aria-label={isNew ? t('newEntry') : t('entryOf', { name: saved?.name ?? '' })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <h2 className={s.sectionTitle}>
        {isNew
          ? draft.uriType === 2
            ? t('newButtonUnder', { name: parent?.name ?? '' })
            : parent
              ? t('newPageUnder', { name: parent.name })
              : t('addTopMenu')
          : t('entryOf', { name: saved?.name ?? '' })}
      </h2>
      <Field label={t('entryName')} required {...fieldProps('name')}>
        <Input maxLength={32} {...typed('name')} />
      </Field>
      {draft.uriType !== 2 && (
        <Field label={t('entryNameEn')} hint={t('entryNameEnHint')} {...fieldProps('nameEn')}>
          <Input maxLength={64} {...typed('nameEn')} />
        </Field>
      )}
      {draft.uriType === 2 ? (
        <Field label={t('buttonCodeLabel')} required hint={t('buttonCodeHint')} {...fieldProps('code')}>
          <Input {...typed('code', true)} />
        </Field>
      ) : (
        <>
          <Field label={t('path')} required hint={t('pathHint')} {...fieldProps('path')}>
            <Input {...typed('path', true)} />
          </Field>
          <Field label={t('component')} hint={t('componentHint')} {...fieldProps('component')}>
            <Combobox
              freeform
              value={draft.component}
              selectedOptions={draft.component ? [draft.component] : []}
              onOptionSelect={(_, d) => edit({ component: d.optionValue ?? '' })}
              onChange={(e) => edit({ component: e.target.value.trim() })}
              placeholder={t('componentPlaceholder')}
            >
              {components.map((c) => (
                <Option key={c} value={c}>
                  {c}
                </Option>
              ))}
            </Combobox>
          </Field>
          <div className={s.inline}>
            <Field label={t('icon')} {...fieldProps('icon')}>
              <ChoiceSelect value={icon.icon} empty={t('noIcon')} options={ICON_CHOICES} onChange={(v) => setIcon({ icon: v })} />
            </Field>
            <Switch checked={icon.hidden} label={t('hiddenEntrySwitch')} onChange={(_, d) => setIcon({ hidden: d.checked })} />
            <Switch
              checked={draft.needButtonPermission}
              label={t('needButtonPermission')}
              onChange={(_, d) => edit({ needButtonPermission: d.checked })}
            />
          </div>
        </>
      )}
      <div className={s.actions}>
        <Button appearance="primary" type="submit" disabled={busy || !editing}>
          {state.matches({ ready: 'saving' }) ? t('operating') : t('save')}
        </Button>
        {editing && (
          <Button onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
            {isNew ? t('cancel') : t('discardEdits')}
          </Button>
        )}
        {!isNew && !editing && (
          <>
            <Button onClick={() => moveBy(-1)} disabled={busy}>
              {t('moveUp')}
            </Button>
            <Button onClick={() => moveBy(1)} disabled={busy}>
              {t('moveDown')}
            </Button>
            {draft.uriType === 1 && draft.path && (
              <Button onClick={() => send({ type: 'NEW', parentId: draft.id!, uriType: 2 })} disabled={busy}>
                {t('addButton')}
              </Button>
            )}
            {draft.uriType === 1 && (
              <Button onClick={() => send({ type: 'NEW', parentId: draft.id!, uriType: 1 })} disabled={busy}>
                {t('addChildPage')}
              </Button>
            )}
            <Button onClick={() => send({ type: 'DELETE' })} disabled={busy}>
              {t('delete')}
            </Button>
          </>
        )}
      </div>
      {!isNew && draft.uriType === 1 && draft.path && (
        <section className={s.section} aria-label={t('pageButtons')}>
          <h3 className={s.sectionTitle}>{t('pageButtons')}</h3>
          {buttons.length === 0 ? (
            <p className={s.muted}>{t('noButtons')}</p>
          ) : (
            <ul className={s.list}>
              {buttons.map((b) => (
                <li key={b.id} className={s.listRow}>
                  <Button size="small" appearance="subtle" onClick={() => send({ type: 'SELECT', id: b.id })}>
                    {b.name}
                  </Button>
                  <Mono>{b.code}</Mono>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {!isNew && <EntryInterfaces key={draft.id} menuId={draft.id!} calls={calls} />}
    </form>
  );
}
