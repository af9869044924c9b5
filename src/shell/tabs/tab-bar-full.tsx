import {
  Button,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
} from '@fluentui/react-components';
import type { AppRoute } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({ full: { borderRadius: 0 } });

/**
 * The bar is full: the page just opened has no tab yet, and the bar says so without stopping the user (a dialog would
 * stand in the way of every page opened after the tenth). Closing the oldest tab, or another chosen from the menu,
 * gives the page its tab; going on to another page leaves things as they are.
 */
export default function FullBar({
  count,
  title,
  choices,
  onEvict,
}: {
  count: number;
  title: string;
  choices: readonly AppRoute[];
  onEvict: (path: string) => void;
}) {
  const s = useStyles();
  const t = useT();
  const oldest = choices[0];
  return (
    <MessageBar intent="warning" className={s.full} role="status">
      <MessageBarBody>
        <MessageBarTitle>{t('tabsFullTitle')}</MessageBarTitle>
        {t('tabsFullText', { count, title })}
      </MessageBarBody>
      <MessageBarActions>
        {oldest && (
          <Button size="small" onClick={() => onEvict(oldest.path)}>
            {t('closeTab', { title: oldest.title })}
          </Button>
        )}
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <MenuButton size="small">{t('closeAnotherTab')}</MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {choices.map((r) => (
                <MenuItem key={r.path} onClick={() => onEvict(r.path)}>
                  {r.title}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </MessageBarActions>
    </MessageBar>
  );
}
