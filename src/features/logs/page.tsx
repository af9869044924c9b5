import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useFilters } from '@/kit/list/use-filters.ts';
import { useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import type { ViewProps } from '../view-props.ts';
import { ErrorsTab, SmsTab } from './log-tabs.tsx';
import { OperationsTab } from './operations-tab.tsx';
import { LoginInfoTab, LoginsTab } from './sign-in-tabs.tsx';

// The page is 操作日志: its operations come first and open it (issue 45).
const TABS = ['operations', 'logins', 'loginInfo', 'errors', 'sms'] as const;
type TabName = (typeof TABS)[number];
const FILTERS = ['tab', 'account', 'result', 'from', 'to', 'keyword', 'user', 'pageName', 'source', 'phone'] as const;
const TAB_VIEWS = { logins: LoginsTab, loginInfo: LoginInfoTab, operations: OperationsTab, errors: ErrorsTab, sms: SmsTab };

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
});

/**
 * 系统管理 › 操作日志 (the spec's logs group): operations (the tab it opens on), sign-ins, who signed in lately, errors
 * and SMS sent, a tab each; the tab and its filters are in the address (重置 keeps the tab).
 */
export default function LogsView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const filters = useFilters(route.path, FILTERS, { keep: ['tab'] });
  const { list, setList } = filters;
  const tab: TabName = (TABS as readonly string[]).includes(list.filters.tab) ? (list.filters.tab as TabName) : 'operations';
  const View = TAB_VIEWS[tab];
  return (
    <ResourcePage route={route}>
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => setList({ filters: { tab: String(d.value) } })}>
        {TABS.map((name) => (
          <Tab key={name} value={name}>
            {t(`logTab_${name}` as MessageKey)}
          </Tab>
        ))}
      </TabList>
      <View key={tab} filters={filters} label={t(`logTab_${tab}` as MessageKey)} />
    </ResourcePage>
  );
}
