import { Button, Link, Switch, Tooltip, makeStyles, shorthands, tokens, type ButtonProps } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { isButtonPermitted, isDangerCode } from '../../menu/button-permission.ts';
import type { AppRoute } from '../../menu/menu-model.ts';
import { useT } from '../../i18n/use-t.ts';

type PermissionRoute = Pick<AppRoute, 'needButtonPermission' | 'buttons'>;

const useStyles = makeStyles({
  // Danger only while usable: a disabled control takes Fluent's disabled look, never a live red outline.
  danger: {
    color: tokens.colorPaletteRedForeground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder2),
    ':hover': { color: tokens.colorPaletteRedForeground2, ...shorthands.borderColor(tokens.colorPaletteRedForeground2) },
  },
});

/** A denied control keeps its place and says why on hover and focus: 您没有权限, and the code it lacks. */
function Denied({ allowed, code, children }: { allowed: boolean; code: string; children: ReactElement }) {
  const t = useT();
  return allowed ? (
    children
  ) : (
    <Tooltip content={t('noPermissionFor', { code })} relationship="description">
      {children}
    </Tooltip>
  );
}

export interface PermissionButtonProps {
  /** the button code, as the menu's type-2 child names it (required) */
  code: string;
  route: PermissionRoute;
  children?: ReactNode;
  onClick?: () => void;
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  /** primary for the page's main action; others are secondary (danger codes are always danger) */
  appearance?: 'primary' | 'secondary' | 'subtle';
  'aria-label'?: string;
}

/**
 * disabled with the tooltip 您没有权限 when the route asks for button permission and does not list the
 * code; a code with a del/dele/delete segment is a danger control. Clicks are tracked for the operation log.
 */
export function PermissionButton({
  code,
  route,
  children,
  onClick,
  size = 'small',
  icon,
  appearance = 'primary',
  ...aria
}: PermissionButtonProps) {
  const s = useStyles();
  const allowed = isButtonPermitted(route, code);
  const danger = isDangerCode(code);
  return (
    <Denied allowed={allowed} code={code}>
      <Button
        {...aria}
        size={size}
        icon={icon}
        onClick={onClick}
        appearance={danger ? 'outline' : appearance}
        className={danger && allowed ? s.danger : undefined}
        disabledFocusable={!allowed}
        data-track-code={code}
        data-trigger-type="click"
      >
        {children}
      </Button>
    </Denied>
  );
}

export interface PermissionSwitchProps {
  code: string;
  route: PermissionRoute;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** busy: the change is being saved */
  disabled?: boolean;
}

/** A switch under the same rule as buttons (switch code required, 您没有权限 when not granted). */
export function PermissionSwitch({ code, route, checked, onChange, label, disabled }: PermissionSwitchProps) {
  const allowed = isButtonPermitted(route, code);
  return (
    <Denied allowed={allowed} code={code}>
      <Switch
        checked={checked}
        disabled={!allowed || disabled}
        aria-label={label}
        onChange={(_, d) => onChange(d.checked)}
        data-track-code={code}
        data-trigger-type="click"
      />
    </Denied>
  );
}

export interface PermissionLinkProps {
  code: string;
  route: PermissionRoute;
  onClick: () => void;
  children: ReactNode;
}

/** A link under the same rule: denied, it is disabled (focusable, so its tooltip can be read) and grey. */
export function PermissionLink({ code, route, onClick, children }: PermissionLinkProps) {
  const allowed = isButtonPermitted(route, code);
  return (
    <Denied allowed={allowed} code={code}>
      <Link
        as="button"
        onClick={onClick}
        disabledFocusable={!allowed}
        appearance={isDangerCode(code) ? undefined : 'subtle'}
        data-track-code={code}
        data-trigger-type="click"
      >
        {children}
      </Link>
    </Denied>
  );
}
