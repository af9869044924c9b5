import { useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { deferred, useCarriedFocus, useDeferred } from './deferred.tsx';

/** The menu and tooltip parts, loaded after the first paint. */
export const menuParts = deferred(() => import('./menu-parts.ts'));
export type MenuParts = typeof import('./menu-parts.ts');

export interface DeferredMenuProps {
  /** the control that opens the menu (a button); it is shown, and works, before the menu's code has arrived */
  trigger: ReactElement;
  /** the popover's content, made from the loaded parts */
  children: (parts: MenuParts) => ReactNode;
  /** opened by the context menu (right click, Shift+F10, the menu key) rather than by a click */
  openOnContext?: boolean;
  /** the menu's checked values and their change (radio items) */
  checkedValues?: Record<string, string[]>;
  onCheckedValueChange?: (name: string, checked: string[]) => void;
}

/**
 * A Fluent menu whose code is loaded after the shell's first paint. Until it arrives, the trigger is a plain control:
 * pressing it (or its context menu) loads the parts and opens the menu as soon as they are here, so nothing the user
 * does before is lost; the trigger keeps its focus across the change.
 */
export function DeferredMenu({ trigger, children, openOnContext = false, checkedValues, onCheckedValueChange }: DeferredMenuProps) {
  const [parts, reach] = useDeferred(menuParts);
  const [wanted, setWanted] = useState(false);
  const want = () => {
    setWanted(true);
    reach();
  };
  const own = trigger.props as { onClick?: (e: MouseEvent) => void; onKeyDown?: (e: KeyboardEvent) => void };
  const plain = {
    'aria-haspopup': openOnContext ? undefined : 'menu',
    onPointerEnter: reach,
    onFocus: reach,
    onClick: (e: MouseEvent) => {
      own.onClick?.(e);
      if (!openOnContext) want();
    },
    onContextMenu: openOnContext
      ? (e: MouseEvent) => {
          e.preventDefault();
          want();
        }
      : undefined,
    onKeyDown: (e: KeyboardEvent) => {
      own.onKeyDown?.(e);
      const context = e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
      if (openOnContext ? context : e.key === 'ArrowDown') {
        e.preventDefault();
        want();
      }
    },
  };
  const control = useCarriedFocus(trigger, parts !== undefined, parts ? {} : plain);
  if (!parts) return control;
  const { Menu, MenuPopover, MenuTrigger } = parts;
  return (
    <Menu
      openOnContext={openOnContext}
      defaultOpen={wanted}
      checkedValues={checkedValues}
      onCheckedValueChange={onCheckedValueChange && ((_, d) => onCheckedValueChange(d.name, d.checkedItems))}
    >
      <MenuTrigger disableButtonEnhancement>{control}</MenuTrigger>
      <MenuPopover>{children(parts)}</MenuPopover>
    </Menu>
  );
}

export interface HintProps {
  content: string;
  /** label: the hint names the control; description: it adds to the control's name */
  relationship: 'label' | 'description';
  children: ReactElement;
}

/**
 * Fluent's tooltip, loaded after the first paint. Before it arrives the control carries the same accessible name or
 * description, and a pointer or focus already on it shows the tooltip once it is here.
 */
export function Hint({ content, relationship, children }: HintProps) {
  const [parts, reach] = useDeferred(menuParts);
  const [visible, setVisible] = useState(false);
  const show = () => {
    setVisible(true);
    reach();
  };
  const hide = () => setVisible(false);
  const plain = {
    ...(relationship === 'label' ? { 'aria-label': content } : { 'aria-description': content }),
    onPointerEnter: show,
    onPointerLeave: hide,
    onFocus: show,
    onBlur: hide,
  };
  const control = useCarriedFocus(children, parts !== undefined, parts ? {} : plain);
  if (!parts) return control;
  return (
    <parts.Tooltip content={content} relationship={relationship} visible={visible} onVisibleChange={(_, d) => setVisible(d.visible)}>
      {control}
    </parts.Tooltip>
  );
}
