import type { TenantRow } from '@/api/table/platform.ts';
import { SideDrawer } from '@/kit/page/side-drawer.tsx';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useT } from '@/i18n/use-t.ts';
import { SettingsPanel } from '../parameters/index.ts';

/** A tenant's parameters in a drawer (the operator edits any tenant's). */
export function SettingsDrawer({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const t = useT();
  const nickname = SessionContext.useSelector((st) => st.context.userInfo?.nickname ?? '');
  return (
    <SideDrawer title={t('settingsOf', { name: tenant.name })} size="large" onClose={onClose}>
      <SettingsPanel tenantId={tenant.id} nickname={nickname} />
    </SideDrawer>
  );
}
