import { Button, Link, makeStyles, mergeClasses, shorthands, tokens, type ButtonProps } from '@fluentui/react-components';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { isButtonPermitted, isDangerCode } from '@/menu/button-permission.ts';
import type { AppRoute } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';
import { Hint } from '../deferred/deferred-menu.tsx';

export type PermissionRoute = Pick<AppRoute, 'needButtonPermission' | 'buttons'>;

/**
 * The page a control sits on: RouteView provides it, so a page's controls need not name their route. Outside a page
 * (a drawer of the shell) a control names its route, or it is denied.
 */
export const PageRouteContext = createContext<PermissionRoute & { title?: string }>({ needButtonPermission: true, buttons: [] });

/** The page's title (a table's name by default), '' outside a page. */
export const usePageTitle = (): string => useContext(PageRouteContext).title ?? '';

/** The route a control is checked against: the one it names, else its page's. */
export function useControlRoute(route?: PermissionRoute): PermissionRoute {
  const page = useContext(PageRouteContext);
  return route ?? page;
}

const useStyles = makeStyles({
  // Danger only while usable: a disabled control takes Fluent's disabled look, never a live red outline.
  danger: {
    color: tokens.colorPaletteRedForeground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder2),
    ':hover': { color: tokens.colorPaletteRedForeground2, ...shorthands.borderColor(tokens.colorPaletteRedForeground2) },
  },
});

/**
 * A control that cannot be used now says why, on hover and on keyboard focus, so nobody has to guess between a
 * missing permission, a rule and a bug. The control must stay focusable (`disabledFocusable`, `aria-disabled`).
 */
export function WhyDisabled({ reason, children }: { reason: string | null | undefined | false; children: ReactElement }) {
  return reason ? (
    <Hint content={reason} relationship="description">
      {children}
    </Hint>
  ) : (
    children
  );
}

/** A denied control keeps its place and says why: 您没有权限, and the code it lacks. */
function Denied({ allowed, code, children }: { allowed: boolean; code: string; children: ReactElement }) {
  const t = useT();
  return <WhyDisabled reason={!allowed && t('noPermissionFor', { code })}>{children}</WhyDisabled>;
}

/**
 * A button that is off for a reason (nothing changed yet, a rule of the row) says the reason and stays focusable;
 * `disabled` is left for a moment of work (saving), which the label already shows.
 * @example <ReasonButton reason={!dirty && t('nothingToSave')} disabled={saving}>保存</ReasonButton>
 */
export function ReasonButton({ reason, ...props }: ButtonProps & { reason: string | null | undefined | false }) {
  return (
    <WhyDisabled reason={reason}>
      <Button {...props} disabledFocusable={Boolean(reason) && !props.disabled} />
    </WhyDisabled>
  );
}

export interface PermissionButtonProps {
  /** the button code, as the menu's type-2 child names it (required) */
  code: string;
  /** the page's, unless the control sits outside one */
  route?: PermissionRoute;
  children?: ReactNode;
  onClick?: () => void;
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  /** primary for the page's main action; others are secondary (danger codes are always danger) */
  appearance?: 'primary' | 'secondary' | 'subtle';
  /** the place's own look (a table row's compact buttons), merged after the danger look */
  className?: string;
  'aria-label'?: string;
  /** it only shows something (详情): logged as a click with no outcome, not as an operation */
  reads?: boolean;
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
  className,
  reads,
  ...aria
}: PermissionButtonProps) {
  const s = useStyles();
  const allowed = isButtonPermitted(useControlRoute(route), code);
  const danger = isDangerCode(code);
  return (
    <Denied allowed={allowed} code={code}>
      <Button
        {...aria}
        size={size}
        icon={icon}
        onClick={onClick}
        appearance={danger ? 'outline' : appearance}
        className={mergeClasses(danger && allowed && s.danger, className)}
        disabledFocusable={!allowed}
        data-track-code={code}
        data-trigger-type="click"
        // an action: the operation log tells what it led to (成功, 失败 or 已取消)
        data-track-outcome={reads ? undefined : ''}
      >
        {children}
      </Button>
    </Denied>
  );
}

export interface PermissionLinkProps {
  code: string;
  route?: PermissionRoute;
  onClick: () => void;
  children: ReactNode;
}

/** A link under the same rule: denied, it is disabled (focusable, so its tooltip can be read) and grey. */
export function PermissionLink({ code, route, onClick, children }: PermissionLinkProps) {
  const allowed = isButtonPermitted(useControlRoute(route), code);
  return (
    <Denied allowed={allowed} code={code}>
      <Link
        as="button"
        onClick={onClick}
        disabledFocusable={!allowed}
        appearance={isDangerCode(code) ? undefined : 'subtle'}
        data-track-code={code}
        data-trigger-type="click"
        data-track-outcome=""
      >
        {children}
      </Link>
    </Denied>
  );
}
