import { Button, Spinner } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { recordApi } from '@/api/table/records.ts';
import { schemaInLanguage, type RecordSchema } from '@/api/contract/records.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { StatusScreen } from '@/shell/layout/status-screens.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { ModuleNotInstalled } from '../not-installed.tsx';
import { RecordsPage } from './records-list.tsx';

/**
 * A business page rendered from the data dictionary: the meta table whose component is this menu
 * entry's. Filters from its searchable fields, columns from its list fields, a drawer form from the field types,
 * a detail view, delete, import and export; each button as the table's `<table>:<op>` code allows. A component
 * no table names is the honest "module not installed" page.
 */
export default function RecordsView({ route }: ViewProps) {
  const t = useT();
  const [language] = useLanguage();
  const calls = useBound(recordApi);
  const [schema, setSchema] = useState<RecordSchema | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setFailed(false);
    calls.schema({ component: route.component }).then(
      (a) => setSchema(a.values),
      () => setFailed(true),
    );
  }, [calls, route.component, attempt]);
  if (failed)
    return (
      <StatusScreen title={t('loadFailed')} hint={route.title}>
        <Button appearance="primary" onClick={() => setAttempt((a) => a + 1)}>
          {t('reload')}
        </Button>
      </StatusScreen>
    );
  if (schema === undefined) return <Spinner label={t('loading')} />;
  if (schema === null) return <ModuleNotInstalled title={route.title} path={route.path} component={route.component} />;
  return <RecordsPage route={route} schema={schemaInLanguage(schema, language === 'en')} />;
}
