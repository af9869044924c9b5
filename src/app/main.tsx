import { logApi } from '@/api/table/logs.ts';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '@/api/client.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { loadDictionary, readLanguage } from '@/i18n/messages.ts';
import { loadTheme, readTheme } from '@/shell/theme.ts';
import { takeLinkToken } from '@/lib/redirect.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import { App } from './app.tsx';
import { loadSignedIn } from './load-signed-in.ts';
import { failureSink } from './failure-sink.ts';
import { inspectBoth, loadInspector } from './inspect.ts';
import { isWriteCall, noteWrite } from '@/shell/tabs/kept-visible.ts';
import { createSessionLogic, startEarlyBoot } from './session-logic.ts';
import { createErrorReporter } from './error-reporter.ts';
import { messageOf, onReportedError, reportError } from '@/lib/error-bus.ts';
import { RELEASE } from '@/shell/deployment.ts';
import { browserTabs, grantEvent } from './access-token-logic.ts';
import { ApiContext } from '@/shell/session/api-context.ts';
import { OperationOutcomeContext } from '@/shell/operation-outcome.ts';
import { createOutcomeTracker } from './operation-outcomes.ts';
import { LoadingContext } from '@/shell/layout/loading.tsx';
import { createJournal } from '@/journal/journal.ts';
import { keepJournal } from '@/journal/persist.ts';
import { InspectContext, JournalContext, type Inspect } from '@/journal/context.ts';

async function start() {
  // A link's userToken leaves the address bar before anything else runs (DECISIONS.md).
  const { token: linkToken, cleanHref } = takeLinkToken(location.href);
  if (linkToken) history.replaceState(null, '', cleanHref);

  const store = localStorage;
  // The journal records from the first actor on; the tab's earlier entries come back from IndexedDB.
  const journal = createJournal();
  const kept = keepJournal(journal, globalThis.indexedDB, sessionStorage);
  let tenantId: number | null = null;
  // What tracked actions led to, told to the operation log (the kit says when a dialog was dismissed).
  const outcomes = createOutcomeTracker((id, outcome, refusal) =>
    api.send(logApi.recordOutcome, { id, outcome, refusal }, { quiet: true }),
  );
  const api = createApiClient({
    onSettled: (call, body, failure) => outcomes.settled(call, body, failure),
    onCall: (call) => {
      journal.recordCall(call);
      if (call.status === 200 && isWriteCall(call.path)) noteWrite();
    },
    store,
    // the menu tree kept with its ETag for the tab's life: a reload asks with If-None-Match and gets 304
    kept: sessionStorage,
    tenantId: () => tenantId,
    failureContext: () => failureSink.context(),
    onFailure: (failure, info) => failureSink.handle(failure, info),
  });
  // A stored session's boot calls start now, while the page's script and React get ready; the shell's chunk a task
  // later, once the calls are on the wire (its module requests went first and the calls queued behind them).
  const early = store.getItem(STORAGE_KEYS.userToken) && !linkToken ? startEarlyBoot(api) : {};
  if (store.getItem(STORAGE_KEYS.userToken) || linkToken) setTimeout(() => void loadSignedIn().catch(() => {}), 0);
  // Errors the console meets go to the server's error log while signed in (error-reporter.ts).
  const reportToServer = createErrorReporter({
    send: (report) => api.send(logApi.reportError, report, { quiet: true }),
    signedIn: () => Boolean(store.getItem(STORAGE_KEYS.userToken)),
    route: () => location.hash.replace(/^#/, '').split('?')[0] || '/',
    release: RELEASE,
  });
  onReportedError(reportToServer);
  const tabs = browserTabs();
  addEventListener('error', (e) => reportError({ message: messageOf(e.error ?? e.message), kind: 'error' }));
  addEventListener('unhandledrejection', (e) => reportError({ message: messageOf(e.reason), kind: 'rejection' }));
  const logic = createSessionLogic(api, store, tabs, early);
  const stately = await loadInspector(location.href);
  const inspect: Inspect = inspectBoth(journal.inspect, stately);
  const language = readLanguage(store.getItem(STORAGE_KEYS.language));
  const theme = readTheme(store.getItem(STORAGE_KEYS.theme), matchMedia('(prefers-color-scheme: dark)').matches);
  // English and the dark theme are chunks of their own: here before the first render that shows them.
  await Promise.all([loadDictionary(language), loadTheme(theme)]);
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  document.documentElement.style.colorScheme = theme;

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ApiContext.Provider value={api}>
        <OperationOutcomeContext.Provider value={outcomes}>
          <JournalContext.Provider value={{ journal, kept }}>
            <InspectContext.Provider value={inspect}>
              <LoadingContext.Provider options={{ inspect }}>
                <SessionContext.Provider
                  logic={logic}
                  options={{ input: { hasToken: Boolean(store.getItem(STORAGE_KEYS.userToken)), linkToken }, inspect }}
                >
                  <TenantTracker onTenant={(id) => (tenantId = id)} />
                  <TokenBroadcastBridge channel={tabs.channel} />
                  <VisibilityBridge />
                  <App language={language} theme={theme} />
                </SessionContext.Provider>
              </LoadingContext.Provider>
            </InspectContext.Provider>
          </JournalContext.Provider>
        </OperationOutcomeContext.Provider>
      </ApiContext.Provider>
    </StrictMode>,
  );
}

/** Keeps the tenant id the API client adds to anonymous SMS calls in step with the session. */
function TenantTracker({ onTenant }: { onTenant: (id: number | null) => void }) {
  const id = SessionContext.useSelector((s) => s.context.userInfo?.tenantId ?? null);
  onTenant(id);
  // The public pages of this browser work in the tenant last signed in, unless a link names another.
  useEffect(() => {
    if (id !== null) localStorage.setItem(STORAGE_KEYS.lastTenant, String(id));
  }, [id]);
  return null;
}

/** Hands the grants other tabs broadcast to this tab's access-token machine. */
function TokenBroadcastBridge({ channel }: { channel: BroadcastChannel | null }) {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    if (!channel) return;
    const onMessage = (e: MessageEvent) => {
      const event = grantEvent(e.data);
      if (event) session.getSnapshot().children.accessToken?.send(event);
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [channel, session]);
  return null;
}

/** the countdown stops while the page is hidden and re-fetches user info when it is visible again. */
function VisibilityBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const onChange = () => session.getSnapshot().children.countdown?.send({ type: document.hidden ? 'HIDDEN' : 'VISIBLE' });
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [session]);
  return null;
}

void start();
