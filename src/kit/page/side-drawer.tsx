import { useKeptVisible } from '@/shell/tabs/kept-visible.ts';
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { useRestoreFocus } from '@/shell/restore-focus.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  footer: { display: 'flex', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', flexDirection: 'column', height: '100%' },
});

export interface SideDrawerProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** the buttons under the body (保存, 取消) */
  footer?: ReactNode;
  /** rendered but closed (a drawer that keeps its state between openings); open by default */
  open?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** a form drawer's form: it holds the header, the body and the footer, so Enter and a submit button send it */
  form?: FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> };
}

/**
 * A drawer from the right that is not a form (a detail, a tree to tick, a panel): its title with 关闭, its body, and
 * buttons if any. Escape or 关闭 closes it, and focus goes back where it was.
 * @example <SideDrawer title={t('sessionLife')} onClose={onClose}>…</SideDrawer>
 */
export function SideDrawer({ title, onClose, children, footer, open = true, size = 'medium', className, form }: SideDrawerProps) {
  const s = useStyles();
  const t = useT();
  useRestoreFocus(open);
  // A kept page hidden behind another keeps its drawer open but off screen, until the page is back.
  const onScreen = useKeptVisible();
  const inside = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<Dismiss24Regular />} onClick={onClose} />}>
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>{children}</DrawerBody>
      {footer && <DrawerFooter className={s.footer}>{footer}</DrawerFooter>}
    </>
  );
  return (
    <OverlayDrawer
      open={open && onScreen}
      position="end"
      size={size}
      className={className}
      onOpenChange={(_, d) => !d.open && onClose()}
      aria-label={title}
    >
      {form ? (
        <form className={s.form} noValidate {...form}>
          {inside}
        </form>
      ) : (
        inside
      )}
    </OverlayDrawer>
  );
}
