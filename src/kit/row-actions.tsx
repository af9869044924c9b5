import { makeStyles, tokens } from '@fluentui/react-components';
import { PermissionButton } from '../shell/permission-button.tsx';
import type { AppRoute } from '../menu/menu-model.ts';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

export interface RowAction {
  /** the button's code: granted or not like every button of the page; a delete code looks dangerous */
  code: string;
  label: string;
  run: () => void;
  /** not offered for this row (a revoked key has no 撤销) */
  hidden?: boolean;
}

/**
 * A row's buttons in the actions column. Each is named with the row ("编辑 短信宝"), so a screen reader, a test
 * and the operation log tell rows apart.
 * @example <RowActions route={route} name={r.name} actions={[{ code: 'x:edit', label: t('edit'), run: () => edit(r) }]} />
 */
export function RowActions({
  route,
  name,
  actions,
}: {
  route: Pick<AppRoute, 'needButtonPermission' | 'buttons'>;
  name: string;
  actions: readonly RowAction[];
}) {
  const s = useStyles();
  return (
    <div className={s.actions}>
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <PermissionButton key={a.code} code={a.code} route={route} appearance="subtle" aria-label={`${a.label} ${name}`} onClick={a.run}>
            {a.label}
          </PermissionButton>
        ))}
    </div>
  );
}
