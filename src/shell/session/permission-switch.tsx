import { Switch, makeStyles } from '@fluentui/react-components';
import { isButtonPermitted } from '@/menu/button-permission.ts';
import { useT } from '@/i18n/use-t.ts';
import { WhyDisabled, useControlRoute, type PermissionRoute } from './permission-button.tsx';

const useStyles = makeStyles({
  // Off for a reason but focusable: Fluent's disabled look, which keys on :disabled, given by hand.
  off: { opacity: 0.5, filter: 'grayscale(1)', cursor: 'not-allowed', '& input': { cursor: 'not-allowed' } },
});

export interface PermissionSwitchProps {
  code: string;
  route?: PermissionRoute;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** busy: the change is being saved */
  disabled?: boolean;
  /** why this row's switch cannot change (one's own account): off, the reason on hover and focus */
  unavailable?: string;
}

/**
 * A switch under the same rule as buttons (switch code required, 您没有权限 when not granted). Off for a reason,
 * it stays focusable (aria-disabled) so the reason can be read from the keyboard.
 */
export function PermissionSwitch({ code, route, checked, onChange, label, disabled, unavailable }: PermissionSwitchProps) {
  const s = useStyles();
  const t = useT();
  const reason = isButtonPermitted(useControlRoute(route), code) ? unavailable : t('noPermissionFor', { code });
  return (
    <WhyDisabled reason={reason}>
      <Switch
        checked={checked}
        disabled={!reason && disabled}
        aria-disabled={reason ? true : undefined}
        className={reason ? s.off : undefined}
        aria-label={label}
        onChange={(_, d) => {
          if (!reason) onChange(d.checked);
        }}
        data-track-code={code}
        data-trigger-type="click"
        data-track-outcome=""
      />
    </WhyDisabled>
  );
}
