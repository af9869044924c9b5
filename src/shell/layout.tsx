import { MessageBar, MessageBarActions, MessageBarBody, Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { MenuModel } from '../menu/menu-model.ts';
import { STORAGE_KEYS } from '../api/storage.ts';
import { SessionContext } from './session-context.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { DEPLOY_MODE, sloganFor } from './deployment.ts';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateRows: '56px 1fr', gridTemplateColumns: 'auto 1fr', height: '100vh' },
  header: { gridColumn: '1 / 3' },
  content: { overflow: 'auto', padding: tokens.spacingHorizontalXL, backgroundColor: tokens.colorNeutralBackground2 },
});

const readCollapsed = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === '1';
  } catch {
    return false;
  }
};

/** The logged-in layout (SPEC 2): header on top, two-level side menu on the left, content on the right. */
export function Layout({ model, children }: { model: MenuModel; children: ReactNode }) {
  const s = useStyles();
  const [path, navigate] = useLocation();
  const userInfo = SessionContext.useSelector((st) => st.context.userInfo);
  const notice = SessionContext.useSelector((st) => st.context.notice);
  const loggingOut = SessionContext.useSelector((st) => st.matches({ authenticated: 'loggingOut' }));
  const session = SessionContext.useActorRef();
  // A view preference, not session state: kept across reloads.
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, c ? '0' : '1');
      return !c;
    });
  };
  return (
    <div className={s.root}>
      <div className={s.header}>
        <TopBar
          slogan={sloganFor(DEPLOY_MODE)}
          nickname={userInfo?.nickname ?? ''}
          avatar={userInfo?.headimgurl || undefined}
          roleName={userInfo?.roleName}
          loggingOut={loggingOut}
          onUserInfo={() => navigate('/user-center/user-info')}
          onLogout={() => session.send({ type: 'LOGOUT' })}
        />
      </div>
      <SideMenu model={model} currentPath={path} collapsed={collapsed} onNavigate={(p) => navigate(p)} onToggle={toggle} />
      <main className={s.content} id="content">
        {notice && (
          <MessageBar intent="warning" style={{ marginBottom: tokens.spacingVerticalM }}>
            <MessageBarBody>{notice}</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button
                  appearance="transparent"
                  aria-label="关闭"
                  icon={<DismissRegular />}
                  onClick={() => session.send({ type: 'DISMISS_NOTICE' })}
                />
              }
            />
          </MessageBar>
        )}
        {children}
      </main>
    </div>
  );
}
