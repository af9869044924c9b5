import { makeStyles, tokens } from '@fluentui/react-components';
import { createContext, useContext, type ReactNode } from 'react';
import { PermissionButton, ReasonButton } from '@/shell/session/permission-button.tsx';
import { usePageActions } from '@/shell/navigation/page-actions.tsx';
import type { AppRoute } from '@/menu/menu-model.ts';
import { PageHeader } from './page-header.tsx';

const useStyles = makeStyles({
  page: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalM },
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface PageButton {
  /** the button's code: granted like every button of the page, and how the palette offers it */
  code: string;
  label: string;
  run: () => void;
  /** the palette's words where the header's are short (导入 on the page, 导入用户 in the palette) */
  paletteLabel?: string;
  /** why it cannot be used now: disabled with the reason on hover and focus, and not offered to the palette */
  unavailable?: string;
}

const PrimaryButton = createContext<PageButton | null>(null);

/** The page's main button (its first, when it can be used now): an empty list offers it too. */
export const usePrimaryButton = () => useContext(PrimaryButton);

export interface ResourcePageProps {
  route: AppRoute;
  /** the page's buttons (add, import …), the first one primary: in the header and in the command palette */
  buttons?: readonly PageButton[];
  /** one line under the title saying what the page is for */
  hint?: string;
  /** header content after the buttons that the palette does not offer (an export menu) */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A page of the console: its card, its title and breadcrumb, its buttons (each also offered to the command palette,
 * under the same permission), a hint, then the page's own content.
 * @example <ResourcePage route={route} buttons={[{ code: 'x:add', label: t('add'), run: openAdd }]}>…</ResourcePage>
 */
export function ResourcePage({ route, buttons = [], hint, extra, children }: ResourcePageProps) {
  const s = useStyles();
  usePageActions(
    buttons.filter((b) => !b.unavailable).map(({ code, label, run, paletteLabel }) => ({ code, label: paletteLabel ?? label, run })),
  );
  const actions =
    buttons.length || extra ? (
      <>
        {buttons.map((b, i) =>
          b.unavailable ? (
            <ReasonButton key={b.code} reason={b.unavailable} appearance={i === 0 ? 'primary' : 'secondary'}>
              {b.label}
            </ReasonButton>
          ) : (
            <PermissionButton
              key={b.code}
              code={b.code}
              route={route}
              size="medium"
              appearance={i === 0 ? 'primary' : 'secondary'}
              onClick={b.run}
            >
              {b.label}
            </PermissionButton>
          ),
        )}
        {extra}
      </>
    ) : undefined;
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} actions={actions} />
      {hint && <p className={s.hint}>{hint}</p>}
      <PrimaryButton value={buttons[0]?.unavailable ? null : (buttons[0] ?? null)}>{children}</PrimaryButton>
    </section>
  );
}
