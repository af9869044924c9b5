import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  InlineDrawer,
  Input,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Select,
  Switch,
  Tab,
  TabList,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { useJournal } from '../context.ts';
import { readJournalFile, type JournalEntry, type JournalFile, type LiveActor } from '../journal.ts';
import { createRedactor } from '../redact.ts';
import { MACHINES, replayJournal, type ReplayResult } from '../replay.ts';
import { isButtonPermitted } from '@/menu/button-permission.ts';
import type { AppRoute, MenuModel } from '@/menu/menu-model.ts';
import { RELEASE } from '@/shell/deployment.ts';
import type { JournalPanelProps, JournalTab } from '@/shell/layout/screens.ts';

const useStyles = makeStyles({
  drawer: { width: 'min(960px, 100vw)' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '2px 0' },
  current: { backgroundColor: tokens.colorBrandBackground2 },
  later: { opacity: 0.5 },
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    maxHeight: '320px',
    overflow: 'auto',
  },
  tree: { margin: 0, paddingLeft: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase200,
    '& td, & th': { padding: '4px 8px', textAlign: 'left' },
  },
  focus: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  hidden: { display: 'none' },
});

const PAGE = 200;
const json = (v: unknown) => JSON.stringify(v, null, 2);
const clocks = new Map<string, Intl.DateTimeFormat>();
/** An entry's time of day to the millisecond, in the tenant's zone like every time the console shows. */
export const time = (t: number, zone?: string) => {
  const key = zone ?? '';
  let clock = clocks.get(key);
  if (!clock) {
    const parts = { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23' } as const;
    clock = new Intl.DateTimeFormat('en-GB', zone ? { ...parts, timeZone: zone } : parts);
    clocks.set(key, clock);
  }
  return clock.format(t);
};
const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The live journal, re-read at most every 250 ms while entries arrive. */
function useLiveEntries(): readonly JournalEntry[] {
  const ctx = useJournal();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ctx) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    return ctx.journal.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setTick((n) => n + 1);
      }, 250);
    });
  }, [ctx]);
  return ctx ? ctx.journal.entries() : [];
}

/**
 * The event journal panel: the live list of what every actor received and every call, filterable,
 * each entry opening to its payload and context change; the live actors' states; export and import, and an
 * imported journal stepped through with the state the machines reach at each entry; the permission inspector.
 */
export type { JournalPanelProps, JournalTab };

export default function JournalPanel({
  open,
  onClose,
  tab,
  onTab,
  model,
  route,
  focusCode,
  initialFile,
  inline,
  timeZone,
}: JournalPanelProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const ctx = useJournal();
  const live = useLiveEntries();
  const [file, setFile] = useState<JournalFile | null>(initialFile ?? null);
  const [step, setStep] = useState<number | null>(initialFile ? (initialFile.entries.at(-1)?.seq ?? null) : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pinned, setPinned] = useState(() => ctx?.kept?.pinned() ?? false);
  const entries = file ? file.entries : live;
  const Drawer = inline ? InlineDrawer : OverlayDrawer;

  return (
    <Drawer open={open} position="end" className={s.drawer} onOpenChange={(_, d) => !d.open && onClose()} aria-label={t('journal')}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<DismissRegular />} onClick={onClose} />}>
          {t('journal')}
        </DrawerHeaderTitle>
        <TabList selectedValue={tab} onTabSelect={(_, d) => onTab(d.value as JournalTab)}>
          <Tab value="journal">{t('journalEntries')}</Tab>
          <Tab value="actors">{t('journalActors')}</Tab>
          <Tab value="permissions">{t('permissionInspector')}</Tab>
        </TabList>
      </DrawerHeader>
      <DrawerBody>
        {problem && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
        {tab === 'journal' && (
          <EntriesView
            timeZone={timeZone}
            entries={entries}
            file={file}
            step={step}
            onStep={setStep}
            pinned={pinned}
            onPin={(on) => {
              ctx?.kept?.setPinned(on);
              setPinned(on);
            }}
            onImport={(text) => {
              const read = readJournalFile(text);
              if (typeof read === 'string') return setProblem(localize(read));
              setProblem(null);
              setFile(read);
              setStep(read.entries[0]?.seq ?? null);
            }}
            onLive={() => {
              setFile(null);
              setStep(null);
            }}
            onClear={() => ctx?.journal.clear()}
          />
        )}
        {tab === 'actors' && (file ? <ReplayedActors entries={file.entries} step={step} /> : <LiveActors />)}
        {tab === 'permissions' && <PermissionInspector model={model} route={route} focusCode={focusCode} />}
      </DrawerBody>
    </Drawer>
  );
}

function EntriesView({
  timeZone,
  entries,
  file,
  step,
  onStep,
  pinned,
  onPin,
  onImport,
  onLive,
  onClear,
}: {
  timeZone?: string;
  entries: readonly JournalEntry[];
  file: JournalFile | null;
  step: number | null;
  onStep: (seq: number) => void;
  pinned: boolean;
  onPin: (on: boolean) => void;
  onImport: (text: string) => void;
  onLive: () => void;
  onClear: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const ctx = useJournal();
  const [actor, setActor] = useState('');
  const [type, setType] = useState('');
  const [text, setText] = useState('');
  const [shown, setShown] = useState(PAGE);
  const fileInput = useRef<HTMLInputElement>(null);
  const actors = useMemo(() => {
    const names = new Map<string, string>();
    // Live actors are named even when their creation was cleared or fell off the front of the list.
    if (!file) for (const a of ctx?.journal.live() ?? []) if (a.machine !== 'actor') names.set(a.key, `${a.name} · ${a.machine}`);
    for (const e of entries) if (e.kind === 'actor' && e.machine !== 'actor') names.set(e.actor, `${e.name} · ${e.machine}`);
    return names;
  }, [entries, file, ctx]);
  const filtered = useMemo(() => {
    const q = text.trim().toLowerCase();
    const ty = type.trim().toLowerCase();
    return entries.filter((e) => {
      if (actor === 'calls') return e.kind === 'call' && (!q || e.path.toLowerCase().includes(q));
      if (actor && (e.kind === 'call' || e.actor !== actor)) return false;
      if (ty && !(e.kind === 'event' ? e.event.type : e.kind).toLowerCase().includes(ty)) return false;
      return !q || JSON.stringify(e).toLowerCase().includes(q);
    });
  }, [entries, actor, type, text]);
  const visible = filtered.slice(-shown);
  const seqs = entries.map((e) => e.seq);
  const at = step === null ? -1 : seqs.indexOf(step);
  const replay: ReplayResult | null = useMemo(
    () => (file && step !== null ? replayJournal(file.entries, MACHINES, step) : null),
    [file, step],
  );

  const exportFile = () => {
    if (!ctx) return;
    const blob = new Blob([JSON.stringify(ctx.journal.toFile(RELEASE), null, 1)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `journal-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 15_000);
  };

  return (
    <>
      <div className={s.bar} role="toolbar" aria-label={t('journal')}>
        <Select aria-label={t('journalActor')} value={actor} onChange={(_, d) => setActor(d.value)}>
          <option value="">{t('journalAllActors')}</option>
          <option value="calls">{t('journalCalls')}</option>
          {[...actors].map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </Select>
        <Input aria-label={t('journalEventType')} placeholder={t('journalEventType')} value={type} onChange={(_, d) => setType(d.value)} />
        <Input aria-label={t('journalText')} placeholder={t('journalText')} value={text} onChange={(_, d) => setText(d.value)} />
        {!file && (
          <>
            <Switch label={t('journalPin')} checked={pinned} onChange={(_, d) => onPin(d.checked)} />
            <Button onClick={exportFile}>{t('journalExport')}</Button>
            <Button onClick={onClear}>{t('journalClear')}</Button>
          </>
        )}
        <Button onClick={() => fileInput.current?.click()}>{t('journalImport')}</Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className={s.hidden}
          aria-label={t('journalImport')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void f.text().then(onImport);
          }}
        />
      </div>
      {file && (
        <div className={s.bar} role="group" aria-label={t('journalStepper')}>
          <Badge appearance="tint">{t('journalImported', { n: file.entries.length, release: file.release })}</Badge>
          <Button disabled={at <= 0} onClick={() => onStep(seqs[at - 1])}>
            {t('journalPrev')}
          </Button>
          <Button disabled={at < 0 || at >= seqs.length - 1} onClick={() => onStep(seqs[at + 1])}>
            {t('journalNext')}
          </Button>
          <Input
            type="number"
            aria-label={t('journalJump')}
            placeholder={t('journalJump')}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const n = Number((e.target as HTMLInputElement).value);
              const target = seqs.find((x) => x >= n);
              if (target !== undefined) onStep(target);
            }}
          />
          <Button onClick={onLive}>{t('journalBackToLive')}</Button>
        </div>
      )}
      {replay && (
        <MessageBar intent={replay.ok ? 'success' : 'error'} role="status">
          <MessageBarBody>
            {replay.ok
              ? t('journalReplayOk', { seq: replay.at, n: replay.actors.length })
              : t('journalReplayMismatch', {
                  seq: replay.mismatch!.seq,
                  actor: replay.mismatch!.name,
                  event: replay.mismatch!.event,
                  what: replay.mismatch!.what,
                  expected: valueText(replay.mismatch!.expected),
                  actual: valueText(replay.mismatch!.actual),
                })}
          </MessageBarBody>
        </MessageBar>
      )}
      {filtered.length > visible.length && (
        <Button onClick={() => setShown((n) => n + PAGE)}>{t('journalEarlier', { n: filtered.length - visible.length })}</Button>
      )}
      <ol className={s.list} aria-label={t('journalEntries')}>
        {visible.map((e) => (
          <li
            key={e.seq}
            className={mergeClasses(s.item, step === e.seq && s.current, step !== null && e.seq > step && s.later)}
            aria-current={step === e.seq ? 'step' : undefined}
          >
            <details>
              <summary>
                {summaryOf(e, actors, timeZone)}
                {e.kind === 'event' && e.repeat ? ` ×${e.repeat}` : ''}
              </summary>
              {e.kind === 'event' && (
                <>
                  <pre className={s.pre} aria-label={t('journalPayload')}>
                    {json(e.event)}
                  </pre>
                  <pre className={s.pre} aria-label={t('journalChanged')}>
                    {json(e.changed)}
                  </pre>
                </>
              )}
              {e.kind === 'actor' && <pre className={s.pre}>{json({ machine: e.machine, parent: e.parent, input: e.input })}</pre>}
              {file && (
                <Button size="small" onClick={() => onStep(e.seq)}>
                  {t('journalStepHere')}
                </Button>
              )}
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}

function summaryOf(e: JournalEntry, actors: ReadonlyMap<string, string>, zone?: string): string {
  const head = `#${e.seq} ${time(e.t, zone)}`;
  if (e.kind === 'call') return `${head} ⇄ ${e.path} ${e.status ?? '—'} ${e.result === null ? '' : String(e.result)} ${e.ms} ms`;
  if (e.kind === 'actor') return `${head} + ${e.name} · ${e.machine}`;
  return `${head} ${actors.get(e.actor) ?? e.actor} ← ${e.event.type} → ${valueText(e.value)}${e.status === 'active' ? '' : ` (${e.status})`}`;
}

/** Every live actor as a tree (parents above their children), its state now and its context on demand. */
function LiveActors() {
  const s = useStyles();
  const t = useT();
  const ctx = useJournal();
  useLiveEntries();
  const all = ctx?.journal.live() ?? [];
  const redact = useMemo(() => createRedactor('view'), []);
  const children = (parent: string | null): LiveActor[] =>
    all.filter((a) => a.parent === parent || (parent === null && !all.some((p) => p.key === a.parent)));
  const node = (a: LiveActor) => {
    const snap = a.ref.getSnapshot() as { value?: unknown; context?: unknown; status?: string };
    return (
      <li key={a.key}>
        <details>
          <summary>
            {a.name} · {a.machine} {snap.value === undefined ? '' : `→ ${valueText(snap.value)}`}{' '}
            {snap.status === 'active' ? '' : `(${snap.status})`}
          </summary>
          {snap.context !== undefined && <pre className={s.pre}>{json(redact(snap.context, { machine: a.machine }))}</pre>}
        </details>
        {children(a.key).length > 0 && <ul className={s.tree}>{children(a.key).map(node)}</ul>}
      </li>
    );
  };
  return (
    <ul className={s.tree} aria-label={t('journalActors')}>
      {children(null).map(node)}
    </ul>
  );
}

/** The actors of an imported journal as the replay has them at the chosen entry. */
function ReplayedActors({ entries, step }: { entries: readonly JournalEntry[]; step: number | null }) {
  const s = useStyles();
  const t = useT();
  const replay = useMemo(() => replayJournal(entries, MACHINES, step ?? Infinity), [entries, step]);
  return (
    <ul className={s.tree} aria-label={t('journalActors')}>
      {replay.actors.map((a) => (
        <li key={a.actor}>
          <details>
            <summary>
              {a.name} · {a.machine} → {valueText(a.value)} {a.status === 'active' ? '' : `(${a.status})`}
            </summary>
            <pre className={s.pre}>{json(a.context)}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

interface Control {
  code: string;
  label: string;
  enabled: boolean;
  why: MessageKey;
}

/** The permission controls on the page on screen (PermissionButton, Switch and Link mark themselves with their code). */
function readControls(route: AppRoute | undefined): Control[] {
  const root = document.querySelector('main#content');
  if (!root) return [];
  const out: Control[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-track-code]')) {
    if (el.closest('[hidden]')) continue;
    const code = el.dataset.trackCode!;
    const enabled = el.getAttribute('aria-disabled') !== 'true' && !(el as HTMLButtonElement).disabled;
    const permitted = isButtonPermitted(route, code);
    const why: MessageKey = !route?.needButtonPermission
      ? 'whyNoButtonPermission'
      : permitted
        ? enabled
          ? 'whyGranted'
          : 'whyGrantedBusy'
        : enabled
          ? 'whyNotChecked'
          : 'whyNotGranted';
    out.push({ code, label: (el.getAttribute('aria-label') || el.textContent || '').trim(), enabled, why });
  }
  return out;
}

function PermissionInspector({ model, route, focusCode }: { model: MenuModel; route: AppRoute | undefined; focusCode: string | null }) {
  const s = useStyles();
  const t = useT();
  const [controls, setControls] = useState<Control[]>(() => readControls(route));
  useEffect(() => setControls(readControls(route)), [route]);
  const granted = useMemo(() => [...new Set(model.routes.flatMap((r) => r.buttons))].sort(), [model]);
  const focused = useRef<HTMLTableRowElement>(null);
  useEffect(() => focused.current?.scrollIntoView?.({ block: 'center' }), [focusCode, controls]);
  return (
    <section aria-label={t('permissionInspector')}>
      <dl>
        <dt>{t('inspectRoute')}</dt>
        <dd>{route ? `${route.title} (${route.path})` : t('none')}</dd>
        <dt>needButtonPermission</dt>
        <dd>{route?.needButtonPermission ? t('yes') : t('no')}</dd>
        <dt>{t('inspectRouteButtons')}</dt>
        <dd>{route?.buttons.length ? route.buttons.join(', ') : t('none')}</dd>
        <dt>{t('inspectGranted')}</dt>
        <dd>
          {granted.length ? (
            // Hundreds of codes for an admin: folded, so the page's own controls stay in view.
            <details>
              <summary>{granted.length}</summary>
              {granted.join(', ')}
            </details>
          ) : (
            t('none')
          )}
        </dd>
      </dl>
      <Button size="small" onClick={() => setControls(readControls(route))}>
        {t('inspectRescan')}
      </Button>
      <table className={s.table} aria-label={t('inspectControls')}>
        <thead>
          <tr>
            <th>{t('inspectCode')}</th>
            <th>{t('inspectControl')}</th>
            <th>{t('inspectState')}</th>
            <th>{t('inspectWhy')}</th>
          </tr>
        </thead>
        <tbody>
          {controls.length === 0 && (
            <tr>
              <td colSpan={4}>{t('inspectNoControls')}</td>
            </tr>
          )}
          {controls.map((c, i) => (
            <tr
              key={`${c.code}-${i}`}
              ref={c.code === focusCode ? focused : undefined}
              className={c.code === focusCode ? s.focus : undefined}
              aria-current={c.code === focusCode ? 'true' : undefined}
            >
              <td>{c.code}</td>
              <td>{c.label}</td>
              <td>{c.enabled ? t('inspectEnabled') : t('inspectDisabled')}</td>
              <td>{t(c.why, { code: c.code })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
