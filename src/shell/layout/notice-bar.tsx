import { Button, MessageBar, MessageBarActions, MessageBarBody, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useT } from '@/i18n/use-t.ts';

/** The session's notice above the page, with its ×: loaded when there is one (most sessions never have it). */
export default function NoticeBar({ notice, onDismiss }: { notice: string; onDismiss: () => void }) {
  const t = useT();
  return (
    <MessageBar intent="warning" style={{ marginBottom: tokens.spacingVerticalM }}>
      <MessageBarBody>{notice}</MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" aria-label={t('close')} icon={<DismissRegular />} onClick={onDismiss} />}
      />
    </MessageBar>
  );
}
