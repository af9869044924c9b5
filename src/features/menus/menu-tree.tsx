import { Badge, Button, mergeClasses } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { useState, type DragEvent } from 'react';
import { findEntry, type CatalogueEntry, type MenuEditorEvent } from '@machines/menu-editor.machine.ts';
import { parseIcon } from '@/menu/menu-model.ts';
import { iconForEntry } from '@/shell/navigation/menu-icons.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { contains, parentOf, type Drop } from './editor-logic.ts';
import { localName } from '@/api/contract/language.ts';
import { useStyles } from './styles.ts';

export interface MenuTreeProps {
  catalogue: readonly CatalogueEntry[];
  selectedId: number | null;
  /** what the search box holds: matching entries and their ancestors show, opened */
  query: string;
  open: ReadonlySet<number>;
  setOpen: (update: (open: Set<number>) => Set<number>) => void;
  /** an edit or a change is under way: nothing can be dragged */
  locked: boolean;
  send: (event: MenuEditorEvent) => void;
}

/**
 * The menu as a tree: an entry is chosen by click, opened and closed, and dragged to reorder or re-parent (the upper
 * quarter of a row drops before it, the lower quarter after it, the middle into it).
 */
export function MenuTree({ catalogue, selectedId, query, open, setOpen, locked, send }: MenuTreeProps) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  // an entry by its name in the console's language (its English where it has one; both are found by the filter)
  const nameOf = (n: CatalogueEntry) => localName(n, language === 'en');
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop>(null);
  const q = query.trim().toLowerCase();
  const matches = (n: CatalogueEntry): boolean =>
    !q || [n.name, n.nameEn ?? '', n.path, n.component, n.code].some((x) => x.toLowerCase().includes(q)) || n.children.some(matches);

  const onDragOver = (e: DragEvent<HTMLDivElement>, n: CatalogueEntry) => {
    if (dragging === null) return;
    const moving = findEntry(catalogue, dragging);
    if (!moving || contains(moving, n.id)) return;
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / r.height;
    const canInto = n.uriType === 1 && (moving.uriType === 1 || Boolean(n.path));
    const where = y < 0.25 || (!canInto && y < 0.5) ? 'before' : y > 0.75 || !canInto ? 'after' : 'into';
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (drop?.id !== n.id || drop.where !== where) setDrop({ id: n.id, where });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>, n: CatalogueEntry) => {
    e.preventDefault();
    const id = dragging;
    setDragging(null);
    setDrop(null);
    if (id === null || !drop || id === n.id) return;
    if (drop.where === 'into') {
      send({ type: 'MOVE', id, parentId: n.id, index: n.children.filter((c) => c.id !== id).length });
      setOpen((o) => new Set(o).add(n.id));
      return;
    }
    const parent = parentOf(catalogue, n.id);
    const siblings = (parent ? parent.children : catalogue).filter((c) => c.id !== id);
    const at = siblings.findIndex((c) => c.id === n.id);
    send({ type: 'MOVE', id, parentId: parent?.id ?? null, index: drop.where === 'before' ? at : at + 1 });
  };
  const renderTree = (nodes: readonly CatalogueEntry[], depth: number) =>
    nodes.filter(matches).map((n) => {
      const isOpen = open.has(n.id) || q !== '';
      const isCurrent = n.id === selectedId;
      const EntryIcon = depth === 0 ? iconForEntry(n.path.replace(/^\//, ''), parseIcon(n.icon).icon) : null;
      return (
        <li
          key={n.id}
          role="treeitem"
          aria-expanded={n.children.length ? isOpen : undefined}
          aria-selected={isCurrent}
          aria-level={depth + 1}
        >
          <div
            className={mergeClasses(
              s.row,
              isCurrent && s.current,
              drop?.id === n.id && (drop.where === 'before' ? s.dropBefore : drop.where === 'after' ? s.dropAfter : s.dropInto),
            )}
            draggable={!locked}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(n.id));
              setDragging(n.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setDrop(null);
            }}
            onDragOver={(e) => onDragOver(e, n)}
            onDragLeave={() => drop?.id === n.id && setDrop(null)}
            onDrop={(e) => onDrop(e, n)}
            data-entry-id={n.id}
          >
            <ReOrderDotsVerticalRegular className={s.grip} aria-hidden />
            {n.children.length ? (
              <Button
                size="small"
                appearance="transparent"
                aria-label={isOpen ? t('collapseEntry', { name: nameOf(n) }) : t('expandEntry', { name: nameOf(n) })}
                icon={isOpen ? <ChevronDownRegular /> : <ChevronRightRegular />}
                onClick={() =>
                  setOpen((o) => {
                    const next = new Set(o);
                    if (next.has(n.id)) next.delete(n.id);
                    else next.add(n.id);
                    return next;
                  })
                }
              />
            ) : (
              <span style={{ width: 24, flexShrink: 0 }} />
            )}
            <button
              type="button"
              className={s.entryButton}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => send({ type: 'SELECT', id: n.id })}
            >
              {EntryIcon && <EntryIcon aria-hidden />}
              <span className={s.label}>{nameOf(n) || (n.wrapper ? t('wrapperEntry') : t('unnamed'))}</span>
              {n.uriType === 2 && <span className={mergeClasses(s.muted, s.mono)}>{n.code}</span>}
              {n.uriType === 1 && n.path && <span className={mergeClasses(s.muted, s.label)}>{n.path}</span>}
              {parseIcon(n.icon).hidden && (
                <Badge size="small" appearance="outline">
                  {t('hiddenEntry')}
                </Badge>
              )}
              {n.tenantId !== null && (
                <Badge size="small" appearance="tint" color="informative">
                  {t('tenantOwnEntry', { id: n.tenantId })}
                </Badge>
              )}
            </button>
          </div>
          {n.children.length > 0 && isOpen && (
            <ul role="group" className={s.sub}>
              {renderTree(n.children, depth + 1)}
            </ul>
          )}
        </li>
      );
    });
  return <>{renderTree(catalogue, 0)}</>;
}
