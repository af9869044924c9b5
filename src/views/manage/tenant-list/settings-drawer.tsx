import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { TenantRow } from '../../../api/contract.ts';
import { useRestoreFocus } from '../../../shell/restore-focus.ts';
import { SessionContext } from '../../../shell/session/session-context.ts';
import { useT } from '../../../i18n/use-t.ts';
import { SettingsPanel } from '../parameters/settings-panel.tsx';

/** A tenant's parameters in a drawer (the operator edits any tenant's). */
export function SettingsDrawer({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const t = useT();
  const nickname = SessionContext.useSelector((st) => st.context.userInfo?.nickname ?? '');
  useRestoreFocus(true);
  return (
    <OverlayDrawer
      open
      position="end"
      size="large"
      onOpenChange={(_, d) => !d.open && onClose()}
      aria-label={t('settingsOf', { name: tenant.name })}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<Dismiss24Regular />} onClick={onClose} />}>
          {t('settingsOf', { name: tenant.name })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <SettingsPanel tenantId={tenant.id} nickname={nickname} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
