import { Badge } from '@fluentui/react-components';
import type { OperationOutcome } from '@/api/schema/system/log.ts';
import { useT } from '@/i18n/use-t.ts';

const COLOR = { success: 'success', failure: 'danger', cancelled: 'informative' } as const;

/** What a tracked action led to: 成功, 失败 or 已取消 (the operation log, 工作台's 最近操作). */
export function OutcomeBadge({ outcome }: { outcome: OperationOutcome }) {
  const t = useT();
  return (
    <Badge appearance="tint" color={COLOR[outcome]}>
      {t(`operationOutcome_${outcome}`)}
    </Badge>
  );
}
