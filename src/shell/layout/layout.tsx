import { onlineApi } from '@/api/table/logs.ts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { withLastSearch } from '../navigation/hash-location.ts';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '@machines/countdown.machine.ts';
import { findRoute, type MenuModel } from '@/menu/menu-model.ts';
import { STORAGE_KEYS, readStored } from '@/api/storage.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { roleNameIn } from '@/api/table/session.ts';
import type { PaletteAction } from '../navigation/command-palette.tsx';
import { PageActionStore, PageActionsProvider, usePermittedPageActions } from '../navigation/page-actions.tsx';
import { SessionContext } from '../session/session-context.ts';
import { SideMenu } from '../navigation/side-menu.tsx';
import { useNotify } from '../toast.tsx';
import { Watermark } from '../session/watermark.tsx';
import { mayForceLogout, showsOnlineCount } from '../session/online-rules.ts';
import { useApi } from '../session/api-context.ts';
import { TabsContext, keepAliveLogic, readTabsInput, useContentScroll } from '../tabs/keep-alive.tsx';
import { TopBar, type TopBarProps } from './top-bar.tsx';
import { TabBar } from '../tabs/tab-bar.tsx';
import { usePhone } from './use-phone.ts';
import { DEPLOY_MODE, sloganFor } from '../deployment.ts';
import { useTimeZone } from '../time-zone.ts';
import { useTheme } from '../theme.ts';
import { whenIdle } from '../idle.ts';
import { loadPinyin } from '../navigation/pinyin-source.ts';
import { MenuOwnerProvider, useHighlightedPath } from '../navigation/menu-owner.tsx';
import type { PinyinOf } from '@/menu/search-index.ts';
import { dictionaries } from '@/i18n/messages.ts';
import { useInspect } from '@/journal/context.ts';
import { mayOpenJournal } from '@/menu/button-permission.ts';
import type { JournalTab, ShellScreens } from './screens.ts';
import { zoneToName } from '@/lib/time.ts';

// cmdk and pinyin-pro load with the palette, not with the shell.
const loadPalette = () => import('../navigation/command-palette.tsx');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
// Quick search is its own chunk (its dialog is not in the shell's first paint), fetched while idle with the palette.
const loadQuickSearch = () => import('../navigation/quick-search.tsx');
const QuickSearch = lazy(() => loadQuickSearch().then((m) => ({ default: m.QuickSearch })));
// A phone's menu drawer, and the session's notice, load when there is one.
const PhoneDrawer = lazy(() => import('./phone-drawer.tsx'));
const NoticeBar = lazy(() => import('./notice-bar.tsx'));
// Only an account without a phone needs the bind-phone form (and its captcha, SMS button and machines).
const BindPhoneOverlay = lazy(() => import('../session/bind-phone.tsx').then((m) => ({ default: m.BindPhoneOverlay })));

const useStyles = makeStyles({
  // minmax(0, 1fr): the content row scrolls inside #content instead of growing the page.
  root: { display: 'grid', gridTemplateRows: '56px minmax(0, 1fr)', gridTemplateColumns: 'auto minmax(0, 1fr)', height: '100vh' },
  // A phone: the side menu is a drawer, the content takes the width.
  phone: { gridTemplateColumns: 'minmax(0, 1fr)' },
  phoneContent: { padding: tokens.spacingHorizontalS },
  menuDrawer: { width: 'auto' },
  header: { gridColumn: '1 / -1', minWidth: 0 },
  // The tab bar above the content; the content scrolls under it.
  column: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 },
  content: {
    flex: 1,
    overflow: 'auto',
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground2,
    ':focus': { outline: 'none' },
  },
  // Visible only while focused: the first Tab stop of the shell.
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 0,
    zIndex: 3000,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    ':focus': { left: tokens.spacingHorizontalM, top: tokens.spacingVerticalM },
  },
});

const readCollapsed = () => readStored(STORAGE_KEYS.sidebarCollapsed) === '1';

type Overlay = 'none' | 'quick-search' | 'palette' | 'online-users' | 'journal';

/** The logged-in layout: header on top, two-level side menu on the left, content on the right. */
export function Layout({ model, screens, children }: { model: MenuModel; screens: ShellScreens; children: ReactNode }) {
  const [pageActions] = useState(() => new PageActionStore());
  const inspect = useInspect();
  return (
    <PageActionsProvider store={pageActions}>
      <MenuOwnerProvider>
        <TabsContext.Provider logic={keepAliveLogic} options={{ input: { ...readTabsInput(), home: model.home }, inspect }}>
          <LayoutFrame model={model} screens={screens}>
            {children}
          </LayoutFrame>
        </TabsContext.Provider>
      </MenuOwnerProvider>
    </PageActionsProvider>
  );
}

function LayoutFrame({ model, screens, children }: { model: MenuModel; screens: ShellScreens; children: ReactNode }) {
  const { OnlineUsers, JournalPanel } = screens;
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const [language, setLanguage] = useLanguage();
  const [path, navigate] = useLocation();
  const highlighted = useHighlightedPath(path);
  const userInfo = SessionContext.useSelector((st) => st.context.userInfo);
  const notice = SessionContext.useSelector((st) => st.context.notice);
  const loggingOut = SessionContext.useSelector((st) => st.matches({ authenticated: 'loggingOut' }));
  const watermark = SessionContext.useSelector((st) => st.context.tenantParams.enableWaterMark);
  const timeZone = useTimeZone();
  const session = SessionContext.useActorRef();
  // View preferences and overlays, not session state.
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const [overlay, setOverlayState] = useState<Overlay>('none');
  // Focus goes back to what opened an overlay (button, menu item's menu, or wherever Ctrl+K was pressed) when the
  // last overlay closes; going from one overlay to another (palette -> quick search) keeps the first opener.
  const overlayRef = useRef<Overlay>('none');
  const opener = useRef<HTMLElement | null>(null);
  const setOverlay = useCallback((next: Overlay | ((o: Overlay) => Overlay)) => {
    const value = typeof next === 'function' ? next(overlayRef.current) : next;
    if (overlayRef.current === 'none' && value !== 'none') opener.current = document.activeElement as HTMLElement | null;
    overlayRef.current = value;
    setOverlayState(value);
  }, []);
  useEffect(() => {
    if (overlay !== 'none' || !opener.current) return;
    const el = opener.current;
    opener.current = null;
    // After the dialog's own focus handling has run.
    const id = requestAnimationFrame(() => el.isConnected && el.focus());
    return () => cancelAnimationFrame(id);
  }, [overlay]);
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const route = useMemo(() => findRoute(model, path), [model, path]);
  const contentRef = useRef<HTMLElement>(null);
  useContentScroll(contentRef, model, path);
  // Signed in: the eyes go to the page, so focus does too (a screen reader starts reading there).
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) contentRef.current?.focus({ preventScroll: true });
  }, []);
  const buttons = usePermittedPageActions(route);
  const api = useApi();
  const showCount = showsOnlineCount(userInfo);
  // userType 0 and 2 may end sessions, so both reach the drawer (the count stays userType 0's).
  const onlineDrawer = mayForceLogout(userInfo);
  // The bind-phone overlay is modal: nothing opens over it (palette, quick search, drawer).
  const needsPhone = Boolean(userInfo && !userInfo.phone);
  const needsPhoneRef = useRef(needsPhone);
  needsPhoneRef.current = needsPhone;
  const [onlineCount, setOnlineCount] = useState<number | undefined>(undefined);
  // Opening the palette or quick search must not refetch the count; only the drawer closing does.
  const drawerOpen = overlay === 'online-users';
  // Mounted from its first opening on (it keeps its page and size after).
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerOpen && !drawerWanted) setDrawerWanted(true);
  const [quickSearchWanted, setQuickSearchWanted] = useState(false);
  if (overlay === 'quick-search' && !quickSearchWanted) setQuickSearchWanted(true);
  // Asked again when the page is shown again: the count of a tab left in the background for hours, or one whose
  // asking failed, is not kept as it was.
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!showCount) return;
    const onChange = () => {
      if (!document.hidden) setShown((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [showCount]);
  // the count is obtained with pageSize 1; again whenever the drawer closes or the page is shown again.
  useEffect(() => {
    if (!showCount || drawerOpen) return;
    let live = true;
    api
      .send(onlineApi.list, { pageNum: 1, pageSize: 1 }, { quiet: true })
      .then((a) => live && setOnlineCount(a.count))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, showCount, drawerOpen, shown]);

  // The event journal, for holders of the engineer button: Ctrl+Shift+E, the palette, and an alt-click on
  // a disabled permission control (the inspector then shows why it is disabled).
  const engineer = mayOpenJournal(model);
  const [journalWanted, setJournalWanted] = useState(false);
  const [journalTab, setJournalTab] = useState<JournalTab>('journal');
  const [focusCode, setFocusCode] = useState<string | null>(null);
  const openJournal = useCallback(
    (tab: JournalTab = 'journal', code: string | null = null) => {
      setJournalWanted(true);
      setJournalTab(tab);
      setFocusCode(code);
      setOverlay('journal');
    },
    [setOverlay],
  );
  useEffect(() => {
    if (!engineer) return;
    const onAltClick = (e: MouseEvent) => {
      if (!e.altKey || needsPhoneRef.current) return;
      const control = (e.target as Element | null)?.closest?.('[data-track-code]');
      if (!control || control.getAttribute('aria-disabled') !== 'true' || !control.closest('main')) return;
      e.preventDefault();
      e.stopPropagation();
      openJournal('permissions', control.getAttribute('data-track-code'));
    };
    document.addEventListener('click', onAltClick, true);
    return () => document.removeEventListener('click', onAltClick, true);
  }, [engineer, openJournal]);

  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, c ? '0' : '1');
      return !c;
    });
  };
  const switchLanguage = () => setLanguage(language === 'en' ? 'zh-cn' : 'en');
  const [theme, setTheme] = useTheme();
  const switchTheme = () => setTheme(theme === 'dark' ? 'light' : 'dark');
  const openPalette = () => {
    setPaletteLoaded(true);
    setOverlay('palette');
  };
  const alreadyHere = () => notify(t('alreadyHere'), 'warning');

  // The shell's shortcuts, from anywhere: Ctrl+K / Cmd+K the palette; Ctrl+Shift+E the event journal (engineers).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'k') {
        e.preventDefault();
        if (needsPhoneRef.current) return;
        setPaletteLoaded(true);
        setOverlay((o) => (o === 'palette' ? 'none' : 'palette'));
      } else if (key === 'e' && e.shiftKey && engineer && !needsPhoneRef.current) {
        e.preventDefault();
        setJournalWanted(true);
        setOverlay((o) => (o === 'journal' ? 'none' : 'journal'));
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [engineer, setOverlay]);

  // Load the palette and the labels' pinyin, and index the menu, while the browser is idle, so the first Ctrl+K
  // opens at once and finds pages by pinyin.
  const [pinyin, setPinyin] = useState<PinyinOf | undefined>(undefined);
  const warmNow = useRef<() => void>(() => {});
  // The warm-up is a call of the session: once it ends (logout, expiry) the idle moment must not make it.
  const ready = SessionContext.useSelector((st) => st.matches({ authenticated: 'ready' }));
  const readyNow = useRef(ready);
  readyNow.current = ready;
  useEffect(() => {
    const labels = [
      ...model.routes.flatMap((r) => [r.title, ...r.trail]),
      ...model.side.map((e) => e.title),
      ...Object.values(dictionaries['zh-cn']!),
    ];
    let started = false;
    const warm = () => {
      if (started || !readyNow.current) return;
      started = true;
      void loadQuickSearch().catch(() => {});
      void Promise.all([loadPalette(), loadPinyin(api, labels)]).then(([m, p]) => {
        m.pageIndexFor(model, p);
        setPinyin(() => p);
      });
    };
    // Opening the palette before then starts it at once.
    warmNow.current = warm;
    // After the first paint has settled: a second, then the first idle moment.
    let cancelIdle = () => {};
    const timer = setTimeout(() => (cancelIdle = whenIdle(warm, 3000)), 1000);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [model, api]);
  useEffect(() => {
    if (paletteLoaded) warmNow.current();
  }, [paletteLoaded]);

  const actions: PaletteAction[] = [
    { id: 'action:quick-search', label: t('quickSearch'), run: () => setOverlay('quick-search') },
    { id: 'action:user-info', label: t('userInfo'), run: () => navigate('/user-center/user-info') },
    { id: 'action:language', label: t('switchLanguage'), run: switchLanguage },
    { id: 'action:theme', label: theme === 'dark' ? t('lightTheme') : t('darkTheme'), run: switchTheme },
    { id: 'action:sidebar', label: collapsed ? t('expand') : t('collapse'), run: toggle },
    ...(onlineDrawer ? [{ id: 'action:online-users', label: t('onlineUsers'), run: () => setOverlay('online-users') }] : []),
    ...(engineer ? [{ id: 'action:journal', label: t('journalShortcut'), run: () => openJournal() }] : []),
    { id: 'action:logout', label: t('logout'), run: () => session.send({ type: 'LOGOUT' }) },
    ...buttons.map((b) => ({ id: `button:${b.code}`, label: b.label, trail: route ? [route.title] : [], run: b.run })),
  ];

  return (
    <div className={mergeClasses(s.root, phone && s.phone)}>
      <a
        className={s.skip}
        href="#content"
        onClick={(e) => {
          // Hash routing: the link must not change the route, only move focus.
          e.preventDefault();
          contentRef.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <div className={s.header}>
        <CountingTopBar
          slogan={sloganFor(DEPLOY_MODE)}
          nickname={userInfo?.nickname ?? ''}
          avatar={userInfo?.headimgurl || undefined}
          roleName={userInfo ? roleNameIn(userInfo, language) : undefined}
          loggingOut={loggingOut}
          onUserInfo={() => navigate('/user-center/user-info')}
          onLogout={() => session.send({ type: 'LOGOUT' })}
          onSearch={() => setOverlay('quick-search')}
          onSwitchLanguage={switchLanguage}
          theme={theme}
          onSwitchTheme={switchTheme}
          onlineCount={showCount ? (onlineCount ?? null) : undefined}
          onOnlineUsers={onlineDrawer ? () => setOverlay('online-users') : undefined}
          timeZone={zoneToName(timeZone)}
          compact={phone}
          onMenu={phone ? () => setMenuOpen(true) : undefined}
        />
      </div>
      {phone ? (
        <Suspense fallback={null}>
          <PhoneDrawer open={menuOpen} className={s.menuDrawer} onOpenChange={setMenuOpen} label={t('sideMenu')}>
            <SideMenu
              model={model}
              currentPath={highlighted}
              collapsed={false}
              onNavigate={(p) => navigate(withLastSearch(p))}
              onLeafChosen={() => setMenuOpen(false)}
              roomy
            />
          </PhoneDrawer>
        </Suspense>
      ) : (
        <SideMenu
          model={model}
          currentPath={highlighted}
          collapsed={collapsed}
          onNavigate={(p) => navigate(withLastSearch(p))}
          onToggle={toggle}
          // English names are longer: the wider first column lets them wrap between words, not inside one
          roomy={language === 'en'}
        />
      )}
      <div className={s.column}>
        <TabBar model={model} currentPath={path} onNavigate={(p) => navigate(withLastSearch(p))} />
        <main className={mergeClasses(s.content, phone && s.phoneContent)} id="content" ref={contentRef} tabIndex={0}>
          {notice && (
            <Suspense fallback={null}>
              <NoticeBar notice={notice} onDismiss={() => session.send({ type: 'DISMISS_NOTICE' })} />
            </Suspense>
          )}
          {children}
        </main>
      </div>
      {quickSearchWanted && (
        <Suspense fallback={null}>
          <QuickSearch
            open={overlay === 'quick-search' && !needsPhone}
            model={model}
            currentPath={path}
            onClose={() => setOverlay('none')}
            onNavigate={(p) => navigate(p)}
            onAlreadyHere={alreadyHere}
            onOpenPalette={openPalette}
          />
        </Suspense>
      )}
      {onlineDrawer && drawerWanted && (
        <Suspense fallback={null}>
          <OnlineUsers
            open={overlay === 'online-users' && !needsPhone}
            onClose={() => setOverlay('none')}
            canForceLogout={mayForceLogout(userInfo)}
          />
        </Suspense>
      )}
      {engineer && journalWanted && (
        <Suspense fallback={null}>
          <JournalPanel
            open={overlay === 'journal' && !needsPhone}
            onClose={() => setOverlay('none')}
            tab={journalTab}
            onTab={setJournalTab}
            model={model}
            route={route}
            focusCode={focusCode}
            timeZone={timeZone}
          />
        </Suspense>
      )}
      {userInfo && !userInfo.phone && (
        <Suspense fallback={null}>
          <BindPhoneOverlay />
        </Suspense>
      )}
      {watermark && <Watermark nickname={userInfo?.nickname ?? ''} timeZone={timeZone} />}
      {paletteLoaded && (
        <Suspense fallback={null}>
          <CommandPalette
            open={overlay === 'palette' && !needsPhone}
            model={model}
            currentPath={path}
            actions={actions}
            store={localStorage}
            onClose={() => setOverlay('none')}
            onNavigate={(p) => navigate(p)}
            onAlreadyHere={alreadyHere}
            pinyin={pinyin}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The top bar with the session countdown read from the session's `countdown` child. Only this re-renders on each
 * second's tick, not the layout around it.
 */
function CountingTopBar(props: Omit<TopBarProps, 'secondsLeft'>) {
  const countdown = SessionContext.useSelector((st) => st.children.countdown as ActorRefFrom<typeof countdownMachine> | undefined);
  const secondsLeft = useSelector(countdown, (st) => st?.context.remaining);
  return <TopBar {...props} secondsLeft={secondsLeft} />;
}
