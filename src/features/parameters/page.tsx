import { makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { SessionContext } from '@/shell/session/session-context.ts';
import type { ViewProps } from '../view-props.ts';
import { SettingsPanel } from './settings-panel.tsx';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
});

/** 系统管理 › 系统参数: the signed-in tenant's own parameters (the platform operator edits others' from the tenant list). */
export default function ParametersView({ route }: ViewProps) {
  const s = useStyles();
  const nickname = SessionContext.useSelector((st) => st.context.userInfo?.nickname ?? '');
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <SettingsPanel nickname={nickname} />
    </section>
  );
}
