import { Button, Tooltip, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { isButtonPermitted, isDangerCode } from '../menu/button-permission.ts';
import type { AppRoute } from '../menu/menu-model.ts';
import { useT } from '../i18n/use-t.ts';

export interface PermissionButtonProps {
  /** the button code, as the menu's type-2 child names it (required, SPEC 5) */
  code: string;
  route: Pick<AppRoute, 'needButtonPermission' | 'buttons'>;
  children: ReactNode;
  onClick?: () => void;
  size?: ButtonProps['size'];
  'aria-label'?: string;
}

/**
 * SPEC 5: disabled with the tooltip 您没有权限 when the route asks for button permission and does not list the
 * code; a code with a del/dele/delete segment is a danger control. Clicks are tracked for the operation log.
 */
export function PermissionButton({ code, route, children, onClick, size = 'small', ...aria }: PermissionButtonProps) {
  const t = useT();
  const allowed = isButtonPermitted(route, code);
  const danger = isDangerCode(code);
  const button = (
    <Button
      {...aria}
      size={size}
      onClick={onClick}
      appearance={danger ? 'outline' : 'primary'}
      style={danger ? { color: '#c50f1f', borderColor: '#c50f1f' } : undefined}
      disabledFocusable={!allowed}
      data-track-code={code}
      data-trigger-type="click"
    >
      {children}
    </Button>
  );
  return allowed ? (
    button
  ) : (
    <Tooltip content={t('noPermission')} relationship="description">
      {button}
    </Tooltip>
  );
}
