import { Button, Link, makeStyles, mergeClasses, tokens, type ButtonProps } from '@fluentui/react-components';
import {
  GlobeRegular,
  LocalLanguageRegular,
  NavigationRegular,
  OpenRegular,
  PeopleRegular,
  PersonRegular,
  SearchRegular,
  SignOutRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import { useT } from '@/i18n/use-t.ts';
import { initialsOf } from '@/lib/format.ts';
import { formatCountdown } from '@machines/countdown.machine.ts';
import { DeferredMenu, Hint } from '../deferred/deferred-menu.tsx';

export interface TopBarProps {
  /** the deployment's slogan, as a text key */
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
  /** seconds the session has left (the session countdown) */
  secondsLeft?: number;
  /**
   * logged-in users: null while the count is asked for (the button is there from the start, so it neither moves the bar
   * when the count lands nor stays away when asking failed); undefined hides it (userType 0 without a store only)
   */
  onlineCount?: number | null;
  /** opens the online-user drawer (userType 0 and 2): from the count and from the user dropdown */
  onOnlineUsers?: () => void;
  /** the zone times are shown in, when it is not the viewer's own */
  timeZone?: string | null;
  /** a phone's bar: the menu button first, then the logo, the countdown, search and the user menu, which takes the rest */
  compact?: boolean;
  /** opens the side menu's drawer (a phone) */
  onMenu?: () => void;
}

/** The other systems, opened beside the console: from the bar, or on a phone from the user menu. */
const OTHER_SYSTEMS = [
  ['/design/', 'designSystem'],
  ['/mall/', 'mallSystem'],
] as const;

/** Background and text of the initials, chosen by name (Fluent's colourful avatar palette, readable in both themes). */
const AVATAR_COLOURS: Array<[string, string]> = [
  [tokens.colorPaletteBlueBackground2, tokens.colorPaletteBlueForeground2],
  [tokens.colorPaletteTealBackground2, tokens.colorPaletteTealForeground2],
  [tokens.colorPaletteBerryBackground2, tokens.colorPaletteBerryForeground2],
  [tokens.colorPaletteMarigoldBackground2, tokens.colorPaletteMarigoldForeground2],
  [tokens.colorPaletteGrapeBackground2, tokens.colorPaletteGrapeForeground2],
  [tokens.colorPaletteForestBackground2, tokens.colorPaletteForestForeground2],
];

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
  compact: { gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalS },
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
  avatar: {
    flexShrink: 0,
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusCircular,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    objectFit: 'cover',
    '::before': { content: 'attr(data-initials)' },
  },
  ...Object.fromEntries(AVATAR_COLOURS.map(([bg, fg], i) => [`colour${i}`, { backgroundColor: bg, color: fg }])),
});

/**
 * The user's picture, else their initials on a colour of their name: what Fluent's Avatar shows at 28 px, without
 * its presence badges and group layouts (a twentieth of the shell's first-paint script). Decorative: the
 * button it sits in is named.
 */
/** A button of the bar: no frame, in the bar's light text on its brand colour. */
function BarButton(props: ButtonProps) {
  const s = useStyles();
  return <Button appearance="transparent" className={s.iconButton} {...props} />;
}

function UserAvatar({ name, src }: { name: string; src?: string }) {
  const s = useStyles() as Record<string, string>;
  if (src) return <img className={s.avatar} src={src} alt="" />;
  const colour = [...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 9973, 7) % AVATAR_COLOURS.length;
  // Drawn by CSS from an attribute: a picture of the name, not text of the button (whose name is the nickname).
  return <span className={mergeClasses(s.avatar, s[`colour${colour}`])} data-initials={initialsOf(name)} aria-hidden="true" />;
}

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
  compact = false,
  onMenu,
}: TopBarProps) {
  const s = useStyles();
  const t = useT();
  const full = !compact;
  const themeLabel = theme === 'dark' ? t('lightTheme') : t('darkTheme');
  const themeIcon = theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />;
  return (
    <header className={mergeClasses(s.root, compact && s.compact)}>
      {onMenu && <BarButton icon={<NavigationRegular />} aria-label={t('openMenu')} onClick={onMenu} />}
      <span className={s.logo}>SCRM</span>
      {full && <span className={s.slogan}>{t(slogan)}</span>}
      <span className={s.spacer} />
      {full && onlineCount !== undefined && (
        <BarButton icon={<PeopleRegular />} onClick={onOnlineUsers} data-track-code="top-bar:online-users">
          {t('onlineCount', { count: onlineCount ?? '…' })}
        </BarButton>
      )}
      {full && timeZone && (
        <span className={s.countdown} data-testid="time-zone">
          {t('timeZoneNote', { zone: timeZone })}
        </span>
      )}
      {secondsLeft !== undefined && (
        <span className={s.countdown} role="timer" aria-live="off">
          {formatCountdown(secondsLeft)}
          {full && t('autoLogout')}
        </span>
      )}
      {onSearch && (
        <Hint content={`${t('quickSearch')} · ${t('openPalette')}`} relationship="description">
          <BarButton icon={<SearchRegular />} aria-label={t('quickSearch')} onClick={onSearch} />
        </Hint>
      )}
      {full && onSwitchTheme && (
        <Hint content={themeLabel} relationship="label">
          <BarButton icon={themeIcon} onClick={onSwitchTheme} />
        </Hint>
      )}
      {full && onSwitchLanguage && (
        <Hint content={t('switchLanguage')} relationship="label">
          <BarButton icon={<LocalLanguageRegular />} onClick={onSwitchLanguage} />
        </Hint>
      )}
      {/* Other systems open beside the console (the server says so when one is not deployed). */}
      {full &&
        OTHER_SYSTEMS.map(([href, name]) => (
          <Link key={href} className={s.link} href={href} target="_blank" rel="noopener">
            {t(name)}
          </Link>
        ))}
      <DeferredMenu
        trigger={
          <button type="button" className={s.user} aria-label={`${nickname} ${roleName ?? ''}`.trim()}>
            <UserAvatar name={nickname} src={avatar} />
            {full && <span className={s.nickname}>{nickname}</span>}
          </button>
        }
      >
        {({ MenuList, MenuItem }) => (
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={onUserInfo}>
              {t('userInfo')}
            </MenuItem>
            {onOnlineUsers && (
              <MenuItem icon={<PeopleRegular />} onClick={onOnlineUsers}>
                {compact && typeof onlineCount === 'number' ? t('onlineCount', { count: onlineCount }) : t('onlineUsers')}
              </MenuItem>
            )}
            {compact && onSwitchTheme && (
              <MenuItem icon={themeIcon} onClick={onSwitchTheme}>
                {themeLabel}
              </MenuItem>
            )}
            {compact && onSwitchLanguage && (
              <MenuItem icon={<LocalLanguageRegular />} onClick={onSwitchLanguage}>
                {t('switchLanguage')}
              </MenuItem>
            )}
            {compact &&
              OTHER_SYSTEMS.map(([href, name]) => (
                <MenuItem key={href} icon={<OpenRegular />} onClick={() => window.open(href, '_blank', 'noopener')}>
                  {t(name)}
                </MenuItem>
              ))}
            {compact && timeZone && (
              <MenuItem icon={<GlobeRegular />} disabled data-testid="time-zone">
                {t('timeZoneNote', { zone: timeZone })}
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
        )}
      </DeferredMenu>
    </header>
  );
}
