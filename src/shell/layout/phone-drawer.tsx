import { OverlayDrawer } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** The side menu's drawer on a phone: only a phone loads it (with Fluent's dialog surface and focus trap). */
export default function PhoneDrawer({
  open,
  onOpenChange,
  label,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <OverlayDrawer open={open} position="start" className={className} onOpenChange={(_, d) => onOpenChange(d.open)} aria-label={label}>
      {children}
    </OverlayDrawer>
  );
}
