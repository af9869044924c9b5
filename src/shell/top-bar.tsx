import {
  Avatar,
  Button,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  LocalLanguageRegular,
  PeopleRegular,
  PersonRegular,
  SearchRegular,
  SignOutRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import { useT } from '../i18n/use-t.ts';
import { formatCountdown } from '../../machines/countdown.machine.ts';

export interface TopBarProps {
  /** the deployment's slogan (SPEC 1), as a text key */
  slogan: 'sloganDefault' | 'sloganBi';
  nickname: string;
  avatar?: string;
  roleName?: string;
  onUserInfo: () => void;
  onLogout: () => void;
  /** true while a logout is under way */
  loggingOut?: boolean;
  /** opens the quick-search dialog */
  onSearch?: () => void;
  /** switches zh-cn <-> en */
  onSwitchLanguage?: () => void;
  /** the current theme and the switch to the other one */
  theme?: 'light' | 'dark';
  onSwitchTheme?: () => void;
  /** seconds the session has left (SPEC 2: the session countdown) */
  secondsLeft?: number;
  /** logged-in users; undefined hides the count (SPEC 2: userType 0 without a store only) */
  onlineCount?: number;
  /** opens the online-user drawer (userType 0 and 2): from the count and from the user dropdown */
  onOnlineUsers?: () => void;
  /** the zone times are shown in, when it is not the viewer's own */
  timeZone?: string | null;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    height: '56px',
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    // Never wider than the window (1024 px in either language): what does not fit shrinks, the page never scrolls.
    minWidth: 0,
    overflow: 'hidden',
  },
  logo: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500, whiteSpace: 'nowrap' },
  // Full strength: a faded slogan on the brand colour falls under 4.5:1.
  slogan: { fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap', '@media (max-width: 1279px)': { display: 'none' } },
  spacer: { flex: 1 },
  link: { color: tokens.colorNeutralForegroundOnBrand, ':hover': { color: tokens.colorNeutralForegroundOnBrand } },
  user: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    border: 'none',
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    maxWidth: '240px',
  },
  nickname: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  countdown: { fontVariantNumeric: 'tabular-nums', fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  iconButton: { color: tokens.colorNeutralForegroundOnBrand, ':hover': { color: tokens.colorNeutralForegroundOnBrand } },
});

/** The header: logo and slogan, links to the design and mall systems, the user's name with a dropdown. */
export function TopBar({
  slogan,
  nickname,
  avatar,
  roleName,
  onUserInfo,
  onLogout,
  loggingOut,
  onSearch,
  onSwitchLanguage,
  secondsLeft,
  onlineCount,
  onOnlineUsers,
  timeZone,
  theme,
  onSwitchTheme,
}: TopBarProps) {
  const s = useStyles();
  const t = useT();
  return (
    <header className={s.root}>
      <span className={s.logo}>SCRM</span>
      <span className={s.slogan}>{t(slogan)}</span>
      <span className={s.spacer} />
      {onlineCount !== undefined && (
        <Button
          appearance="transparent"
          className={s.iconButton}
          icon={<PeopleRegular />}
          onClick={onOnlineUsers}
          data-track-code="top-bar:online-users"
        >
          {t('onlineCount', { count: onlineCount })}
        </Button>
      )}
      {timeZone && (
        <span className={s.countdown} data-testid="time-zone">
          {t('timeZoneNote', { zone: timeZone })}
        </span>
      )}
      {secondsLeft !== undefined && (
        <span className={s.countdown} role="timer" aria-live="off">
          {formatCountdown(secondsLeft)}
          {t('autoLogout')}
        </span>
      )}
      {onSearch && (
        <Tooltip content={`${t('quickSearch')} · ${t('openPalette')}`} relationship="description">
          <Button
            appearance="transparent"
            className={s.iconButton}
            icon={<SearchRegular />}
            aria-label={t('quickSearch')}
            onClick={onSearch}
          />
        </Tooltip>
      )}
      {onSwitchTheme && (
        <Tooltip content={theme === 'dark' ? t('lightTheme') : t('darkTheme')} relationship="label">
          <Button
            appearance="transparent"
            className={s.iconButton}
            icon={theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
            onClick={onSwitchTheme}
          />
        </Tooltip>
      )}
      {onSwitchLanguage && (
        <Tooltip content={t('switchLanguage')} relationship="label">
          <Button appearance="transparent" className={s.iconButton} icon={<LocalLanguageRegular />} onClick={onSwitchLanguage} />
        </Tooltip>
      )}
      {/* Other systems open beside the console (the server says so when one is not deployed). */}
      <Link className={s.link} href="/design/" target="_blank" rel="noopener">
        {t('designSystem')}
      </Link>
      <Link className={s.link} href="/mall/" target="_blank" rel="noopener">
        {t('mallSystem')}
      </Link>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <button type="button" className={s.user} aria-label={`${nickname} ${roleName ?? ''}`.trim()}>
            <Avatar name={nickname} image={avatar ? { src: avatar } : undefined} size={28} color="colorful" />
            <span className={s.nickname}>{nickname}</span>
          </button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={onUserInfo}>
              {t('userInfo')}
            </MenuItem>
            {onOnlineUsers && (
              <MenuItem icon={<PeopleRegular />} onClick={onOnlineUsers}>
                {t('onlineUsers')}
              </MenuItem>
            )}
            <MenuItem
              icon={<SignOutRegular />}
              onClick={onLogout}
              disabled={loggingOut}
              data-track-code="top-bar:logout"
              data-trigger-type="click"
            >
              {t('logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </header>
  );
}
