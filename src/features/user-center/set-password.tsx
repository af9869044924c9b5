import { makeStyles, tokens } from '@fluentui/react-components';
import { useNotify } from '@/shell/toast.tsx';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { PasswordForm } from './password-form.tsx';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
});

/**
 * 用户中心 › 设置密码: the old password, a new one by the shared policy, and its confirmation. On success the
 * account's other sessions end and this one goes on.
 */
export default function SetPasswordView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <PasswordForm
        label={route.title}
        onChanged={(ended) => notify(ended ? t('passwordChangedOthersEnded', { count: ended }) : t('passwordChanged'), 'success')}
      />
    </section>
  );
}
