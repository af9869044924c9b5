import { Button, type ButtonProps } from '@fluentui/react-components';
import { useT } from '@/i18n/use-t.ts';

/** A button that does a form's or a dialog's work: it says 正在操作中，请稍候... and waits while the work runs. */
export function BusyButton({ busy, disabled, children, ...props }: ButtonProps & { busy: boolean }) {
  const t = useT();
  return (
    <Button {...props} disabled={busy || disabled}>
      {busy ? t('operating') : children}
    </Button>
  );
}

/**
 * The primary action and 取消 under a form, a drawer or a dialog: the action submits the form (`submit`) or runs
 * `onAct`, and waits while busy; 取消 waits too, unless the work may be left running (`cancelWhileBusy`).
 */
export function ActionPair({
  label,
  busy,
  disabled,
  submit,
  onAct,
  onCancel,
  cancelWhileBusy,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  submit?: boolean;
  onAct?: () => void;
  onCancel: () => void;
  cancelWhileBusy?: boolean;
}) {
  const t = useT();
  return (
    <>
      <BusyButton appearance="primary" type={submit ? 'submit' : 'button'} busy={busy} disabled={disabled} onClick={onAct}>
        {label}
      </BusyButton>
      <Button onClick={onCancel} disabled={busy && !cancelWhileBusy}>
        {t('cancel')}
      </Button>
    </>
  );
}
