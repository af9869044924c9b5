import { makeStyles, tokens } from '@fluentui/react-components';
import { FONTS, textWidth } from '../table/text-width.ts';
import { PermissionButton, ReasonButton } from '@/shell/session/permission-button.tsx';
import type { AppRoute } from '@/menu/menu-model.ts';

type PermissionRoute = Pick<AppRoute, 'needButtonPermission' | 'buttons'>;
import type { Column } from '../table/data-table.tsx';

const useStyles = makeStyles({
  // One line, as the best consoles show a row's actions: a button two lines tall makes every row two lines tall.
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, flexWrap: 'nowrap', whiteSpace: 'nowrap' },
  // As wide as its label: a small button's 64 px minimum put three of them past their column at 1024 px.
  compact: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

export interface RowAction {
  /** the button's code: granted or not like every button of the page; a delete code looks dangerous */
  code: string;
  label: string;
  run: () => void;
  /** not offered for this row (a revoked key has no 撤销) */
  hidden?: boolean;
  /** it only shows what the page already may show (详情, a row's log): never gated, still tracked by its code */
  read?: boolean;
  /** why this row cannot have it now (a campaign under review): disabled, the reason on hover and focus */
  unavailable?: string;
}

/** What a read needs: nothing beyond the page. */
const OPEN: PermissionRoute = { needButtonPermission: false, buttons: [] };

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
  /** the page's, unless the table sits outside one */
  route?: PermissionRoute;
  name: string;
  actions: readonly RowAction[];
}) {
  const s = useStyles();
  return (
    <div className={s.actions}>
      {actions
        .filter((a) => !a.hidden)
        .map((a) =>
          a.unavailable ? (
            <ReasonButton
              key={a.code}
              reason={a.unavailable}
              size="small"
              appearance="subtle"
              className={s.compact}
              aria-label={`${a.label} ${name}`}
            >
              {a.label}
            </ReasonButton>
          ) : (
            <PermissionButton
              key={a.code}
              code={a.code}
              route={a.read ? OPEN : route}
              reads={a.read}
              appearance="subtle"
              className={s.compact}
              aria-label={`${a.label} ${name}`}
              onClick={a.run}
            >
              {a.label}
            </PermissionButton>
          ),
        )}
    </div>
  );
}

/** A row button beyond its text: its padding (compact: 4 px a side) and border, and the gap to the next. */
const BUTTON_EDGES = 2 * 4 + 2 * 1;
const BUTTON_GAP = 2;

/** The width (px) a row's shown buttons take on one line. */
export const actionsWidth = (actions: readonly RowAction[]) => {
  const shown = actions.filter((a) => !a.hidden);
  return shown.reduce((w, a) => w + textWidth(a.label, FONTS.button) + BUTTON_EDGES, 0) + BUTTON_GAP * Math.max(0, shown.length - 1);
};

/**
 * A table's actions column: each row's buttons (RowActions) named with the row; DataTable pins it to the right and
 * titles it 操作. Its width is worked out from the labels each row shows, in the console's language (Column.fit), so
 * no page sets it by hand (nor under its title: DataTable); `width` is only a floor. The buttons are checked against the page's route unless `route`
 * names another.
 * @example actionsColumn({ name: (r) => r.name, actions: (r) => [{ code: 'x:edit', label: t('edit'), run: () => edit(r) }] })
 */
export function actionsColumn<T>({
  title = '',
  route,
  width = 0,
  name,
  actions,
}: {
  title?: string;
  route?: PermissionRoute;
  width?: number;
  name: (row: T) => string;
  actions: (row: T) => readonly RowAction[];
}): Column<T> {
  return {
    key: 'actions',
    title,
    width,
    fit: (row) => actionsWidth(actions(row)),
    render: (row) => <RowActions route={route} name={name(row)} actions={actions(row)} />,
  };
}
