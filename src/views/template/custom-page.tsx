import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useAppMachine } from '../../journal/actor-hooks.ts';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { fromPromise } from 'xstate';
import { activeIndex, layerRects, pageBuilderMachine, shownPopIndex } from '../../../machines/page-builder.machine.ts';
import { ApiFailure } from '../../api/errors.ts';
import { pageCalls, type PageRow, type PaletteItem } from '../../api/page-calls.ts';
import { PAGE_WIDTH, type PageRect, type PageState } from '../../api/page-rules.ts';
import { ImageUpload } from '../../kit/image-upload.tsx';
import { useApi } from '../../shell/api-context.ts';
import { navigate, useHashSearch } from '../../shell/hash-location.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useListData } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

/** The canvas shows the mini-program's 750-unit width at 375 px, as a phone does. */
const SCALE = 0.5;
/** The preview's screen: an iPhone's 375 × 667 points. */
const PREVIEW_HEIGHT = 667;

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  // Palette, canvas and settings side by side; in a narrow window (1024 px with the menu open) the settings wrap below.
  builder: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-start',
    '& > :first-child': { width: '140px' },
  },
  settings: { flex: '1 1 240px', minWidth: '240px' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  frame: {
    width: `${PAGE_WIDTH * SCALE + 16}px`,
    maxHeight: '760px',
    overflowY: 'auto',
    border: `8px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: '24px',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  canvas: { position: 'relative', width: `${PAGE_WIDTH * SCALE}px`, outlineStyle: 'none', overflow: 'hidden' },
  rect: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: 'rgba(15, 108, 189, 0.12)',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    padding: '2px 4px',
    cursor: 'move',
    userSelect: 'none',
    touchAction: 'none',
  },
  active: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: 'rgba(15, 108, 189, 0.24)' },
  handle: {
    position: 'absolute',
    right: '-6px',
    bottom: '-6px',
    width: '12px',
    height: '12px',
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: '2px',
    cursor: 'nwse-resize',
  },
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  note: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  quad: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: tokens.spacingHorizontalXS },
  thumb: { width: '40px', height: '40px', objectFit: 'cover', flexShrink: 0 },
  face: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', pointerEvents: 'none' },
  faceName: { position: 'relative' },
  zone: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `1px dashed ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: 'rgba(209, 52, 56, 0.15)',
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase100,
    pointerEvents: 'none',
  },
  zoneHidden: { position: 'absolute', cursor: 'pointer' },
  shownRect: { position: 'absolute', overflow: 'hidden', display: 'grid', placeItems: 'center', fontSize: tokens.fontSizeBase200 },
  popLayer: {
    position: 'absolute',
    inset: 0,
    backgroundColor: 'rgba(0, 0, 0, 0.45)',
    zIndex: 10000,
  },
  popBadge: {
    position: 'absolute',
    top: '4px',
    left: '4px',
    color: '#fff',
    fontSize: tokens.fontSizeBase200,
  },
  previewSurface: { width: 'fit-content', maxWidth: '95vw' },
  phone: {
    position: 'relative',
    width: `${PAGE_WIDTH * SCALE}px`,
    height: `${PREVIEW_HEIGHT}px`,
    overflowY: 'auto',
    border: `8px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: '24px',
    marginTop: tokens.spacingVerticalS,
  },
  previewPop: {
    position: 'sticky',
    top: 0,
    marginTop: `-${PREVIEW_HEIGHT}px`,
    height: `${PREVIEW_HEIGHT}px`,
    backgroundColor: 'rgba(0, 0, 0, 0.55)',
  },
  popClose: { position: 'absolute', right: '8px', bottom: '8px' },
});

/**
 * 内容与营销 › 自定义页面 (template/custom-page): the page builder (issue 15). The list of the tenant's pages; a page
 * opens in the builder (`?page=<id>` or `?page=new`): rects from the component palette on a canvas at the
 * mini-program's size, dragged and resized (aspect ratio kept when set), layered and edited in the side panel,
 * popups shown one at a time; arrows move the selected rect (Shift: 10), Delete removes it, Ctrl+Z / Ctrl+Shift+Z
 * undo and redo. The statechart (machines/page-builder.machine.ts) holds it all; saving sends the version it was
 * made on.
 */
export default function CustomPageView({ route }: ViewProps) {
  const search = useHashSearch();
  const target = new URLSearchParams(search).get('page');
  if (target) {
    const id = target === 'new' ? null : Number(target);
    return <Builder key={target === 'new' ? 'new' : String(id)} route={route} id={Number.isInteger(id) ? id : null} />;
  }
  return <PageList route={route} />;
}

function PageList({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const calls = useMemo(() => pageCalls(api), [api]);
  const data = useListData(() => calls.list({ pageNum: 1, pageSize: 200 }), [calls]);
  const [deleting, setDeleting] = useState<PageRow | null>(null);
  const columns: Column<PageRow>[] = [
    { key: 'name', title: t('pageName'), width: 220, render: (r) => r.name, ellipsis: (r) => r.name },
    { key: 'rects', title: t('pageRects'), width: 90, render: (r) => r.rects.length },
    { key: 'updatedAt', title: t('updatedAt'), width: 160, render: (r) => formatInstant(r.updatedAt) },
    {
      key: 'actions',
      title: t('actions'),
      width: 160,
      render: (r) => (
        <div className={s.actions}>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('edit')} ${r.name}`}
            onClick={() => navigate(`${route.path}?page=${r.id}`)}
          >
            {t('edit')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('delete')} ${r.name}`} onClick={() => setDeleting(r)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={() => navigate(`${route.path}?page=new`)}>
            {t('newPage')}
          </Button>
        }
      />
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('noPages') }} />
      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteRecord', { name: deleting?.name ?? '' })}
        onConfirm={() => {
          const p = deleting!;
          setDeleting(null);
          calls.remove(p.id).then(
            () => {
              notify(t('operationDone'), 'success');
              data.reload();
            },
            () => undefined,
          );
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** What a rect carries, by its kind: an image and its link, banner images, hot zones, a voice's icons, a video's length. */
function RectContent({ rect, onChange }: { rect: PageRect; onChange: (patch: Partial<PageRect>) => void }) {
  const t = useT();
  const s = useStyles();
  const image = rect.bannerData[0];
  const zone = (i: number, patch: Partial<PageRect['hotZone'][number]>) =>
    onChange({ hotZone: rect.hotZone.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const percent = (value: number, change: (v: number) => void, label: string) => (
    <Input
      type="number"
      aria-label={label}
      min={0}
      max={100}
      value={String(Math.round(value * 100))}
      onChange={(_, d) => d.value !== '' && Number.isFinite(Number(d.value)) && change(Math.min(100, Math.max(0, Number(d.value))) / 100)}
    />
  );
  return (
    <>
      {rect.component === 'image' && (
        <>
          <Field label={t('rectImage')}>
            <ImageUpload
              label={t('rectImage')}
              value={image?.url ?? ''}
              onChange={(url) => onChange({ bannerData: url ? [{ url, link: image?.link ?? '' }] : [] })}
            />
          </Field>
          {image && (
            <Field label={t('rectLink')}>
              <Input
                placeholder="/pages/…"
                value={image.link}
                onChange={(_, d) => onChange({ bannerData: [{ ...image, link: d.value }] })}
              />
            </Field>
          )}
        </>
      )}
      {rect.component === 'banner' && (
        <Field label={t('bannerImages')}>
          <div className={s.side}>
            {rect.bannerData.map((b, i) => (
              <div key={i} className={s.actions}>
                <img src={b.url} alt="" className={s.thumb} />
                <Input
                  aria-label={t('bannerLink', { n: i + 1 })}
                  placeholder={t('bannerLink', { n: i + 1 })}
                  value={b.link}
                  onChange={(_, d) => onChange({ bannerData: rect.bannerData.map((x, j) => (j === i ? { ...x, link: d.value } : x)) })}
                />
                <Button size="small" onClick={() => onChange({ bannerData: rect.bannerData.filter((_, j) => j !== i) })}>
                  {t('delete')}
                </Button>
              </div>
            ))}
            <ImageUpload
              label={t('bannerImages')}
              value=""
              address={false}
              onChange={(url) => url && onChange({ bannerData: [...rect.bannerData, { url, link: '' }] })}
            />
          </div>
        </Field>
      )}
      <Field label={t('hotZones')}>
        <div className={s.side}>
          {rect.hotZone.map((z, i) => (
            <div key={i} className={s.side} role="group" aria-label={t('hotZoneArea', { n: i + 1 })}>
              <div className={s.actions}>
                <Input
                  aria-label={t('hotZoneLink', { n: i + 1 })}
                  placeholder="/pages/…"
                  value={z.link}
                  onChange={(_, d) => zone(i, { link: d.value })}
                />
                <Button size="small" onClick={() => onChange({ hotZone: rect.hotZone.filter((_, j) => j !== i) })}>
                  {t('delete')}
                </Button>
              </div>
              <div className={s.quad}>
                {percent(z.x, (x) => zone(i, { x, w: Math.min(z.w, 1 - x) }), `${t('hotZones')} ${i + 1} ${t('hotZoneX')}`)}
                {percent(z.y, (y) => zone(i, { y, h: Math.min(z.h, 1 - y) }), `${t('hotZones')} ${i + 1} ${t('hotZoneY')}`)}
                {percent(z.w, (w) => zone(i, { w: Math.min(w, 1 - z.x) }), `${t('hotZones')} ${i + 1} ${t('hotZoneW')}`)}
                {percent(z.h, (h) => zone(i, { h: Math.min(h, 1 - z.y) }), `${t('hotZones')} ${i + 1} ${t('hotZoneH')}`)}
              </div>
            </div>
          ))}
          <Button size="small" onClick={() => onChange({ hotZone: [...rect.hotZone, { x: 0, y: 0, w: 0.5, h: 0.5, link: '/' }] })}>
            {t('addHotZone')}
          </Button>
        </div>
      </Field>
      {rect.component === 'voice' && (
        <>
          <Switch
            label={t('autoPlay')}
            checked={rect.voiceInfo?.autoPlay === true}
            onChange={(_, d) =>
              onChange({
                voiceInfo: { playingImg: rect.voiceInfo?.playingImg ?? '', stopImg: rect.voiceInfo?.stopImg ?? '', autoPlay: d.checked },
              })
            }
          />
          {(['playingImg', 'stopImg'] as const).map((k) => (
            <Field key={k} label={t(k)}>
              <ImageUpload
                label={t(k)}
                value={rect.voiceInfo?.[k] ?? ''}
                onChange={(url) =>
                  onChange({
                    voiceInfo: {
                      playingImg: rect.voiceInfo?.playingImg ?? '',
                      stopImg: rect.voiceInfo?.stopImg ?? '',
                      autoPlay: rect.voiceInfo?.autoPlay === true,
                      [k]: url,
                    },
                  })
                }
              />
            </Field>
          ))}
        </>
      )}
      {rect.component === 'video' && (
        <Field label={t('videoDuration')}>
          <Input
            type="number"
            min={0}
            max={86400}
            value={String(rect.duration)}
            onChange={(_, d) =>
              d.value !== '' &&
              Number.isFinite(Number(d.value)) &&
              onChange({ duration: Math.min(86400, Math.max(0, Math.round(Number(d.value)))) })
            }
          />
        </Field>
      )}
    </>
  );
}

/** What a rect shows: its image (an image's, a banner's first), a voice's icon, else its kind's name. */
function RectFace({ rect, name }: { rect: PageRect; name: string }) {
  const s = useStyles();
  const url = rect.bannerData[0]?.url || (rect.component === 'voice' ? rect.voiceInfo?.stopImg : '');
  return url ? <img src={url} alt="" className={s.face} draggable={false} /> : <span className={s.faceName}>{name}</span>;
}

/** The hot zones of a rect, drawn inside it: numbered as in the settings panel while editing, else only outlined. */
function HotZones({ rect, editing }: { rect: PageRect; editing: boolean }) {
  const s = useStyles();
  return rect.hotZone.map((z, i) => (
    <span
      key={i}
      aria-hidden
      title={editing ? undefined : z.link}
      className={editing ? s.zone : s.zoneHidden}
      style={{ left: `${z.x * 100}%`, top: `${z.y * 100}%`, width: `${z.w * 100}%`, height: `${z.h * 100}%` }}
    >
      {editing ? i + 1 : null}
    </span>
  ));
}

/** Where a rect sits on a canvas drawn at `scale`. */
const rectBox = (r: PageRect, scale: number, lift = 0) => ({
  top: r.top * scale,
  left: r.left * scale,
  width: r.width * scale,
  height: r.height * scale,
  zIndex: lift + r.zIndex,
});

/** The page as the mini-program shows it, at its 375-point width, with its popups one at a time. */
function PagePreview({ page, paletteName, onClose }: { page: PageState; paletteName: (code?: string) => string; onClose: () => void }) {
  const s = useStyles();
  const t = useT();
  const [pop, setPop] = useState(-1);
  const bg = page.pageData.background;
  const shown = page.pops[pop];
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.previewSurface}>
        <DialogBody>
          <DialogTitle>{t('phonePreview', { w: PAGE_WIDTH * SCALE, h: PREVIEW_HEIGHT })}</DialogTitle>
          <DialogContent>
            {page.pops.length > 0 && (
              <div className={s.actions} role="group" aria-label={t('previewPopups')}>
                {page.pops.map((_, i) => (
                  <Button key={i} size="small" aria-pressed={pop === i} onClick={() => setPop(pop === i ? -1 : i)}>
                    {t('showPopup', { n: i + 1 })}
                  </Button>
                ))}
              </div>
            )}
            <div className={s.phone} role="document" aria-label={t('phonePreview', { w: PAGE_WIDTH * SCALE, h: PREVIEW_HEIGHT })}>
              <div className={s.canvas} style={{ height: page.pageData.height * SCALE, background: backgroundOf(bg) }}>
                {page.rects.map((r, i) => (
                  <div key={i} className={s.shownRect} style={rectBox(r, SCALE)}>
                    <RectFace rect={r} name={paletteName(r.component)} />
                    <HotZones rect={r} editing={false} />
                  </div>
                ))}
              </div>
              {shown && (
                <div className={s.previewPop} role="dialog" aria-label={t('showPopup', { n: pop + 1 })}>
                  {(shown.rects ?? []).map((r, i) => (
                    <div key={i} className={s.shownRect} style={rectBox(r, SCALE)}>
                      <RectFace rect={r} name={paletteName(r.component)} />
                      <HotZones rect={r} editing={false} />
                    </div>
                  ))}
                  <Button className={s.popClose} size="small" shape="circular" onClick={() => setPop(-1)}>
                    {t('close')}
                  </Button>
                </div>
              )}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const backgroundOf = (bg: PageState['pageData']['background']) =>
  bg.bgColorType === 'gradient'
    ? `linear-gradient(${bg.from}, ${bg.to}, ${bg.endColor})`
    : `${bg.bgColor}${bg.url ? ` url("${bg.url}") top / 100% auto no-repeat` : ''}`;

const message = (err: unknown) => (err instanceof ApiFailure ? err.failure.message : err instanceof Error ? err.message : String(err));

function Builder({ route, id }: ViewProps & { id: number | null }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => pageCalls(api), [api]);
  const logic = useMemo(
    () =>
      pageBuilderMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input }: { input: { id: number } }) => {
            const p = await calls.get(input.id).catch((err: unknown) => Promise.reject(new Error(message(err))));
            return { page: { pageData: p.pageData, rects: p.rects, pops: p.pops }, name: p.name, saved: { id: p.id, version: p.version } };
          }),
          savePage: fromPromise(
            async ({ input }: { input: { page: PageState; name: string; saved: { id: number; version: number } | null } }) => {
              const body = { name: input.name.trim(), ...input.page };
              const out = await (
                input.saved ? calls.update({ ...body, id: input.saved.id, version: input.saved.version }) : calls.insert(body)
              ).catch((err: unknown) => Promise.reject(new Error(message(err))));
              return { id: out.id, version: out.version };
            },
          ),
        },
      }),
    [calls],
  );
  const [state, send] = useAppMachine(logic, { input: { id } });
  const { page, name, saved, past, future, dirty, error } = state.context;
  const [palette, setPalette] = useState<PaletteItem[]>([]);
  useEffect(() => {
    calls.palette().then(setPalette, () => setPalette([]));
  }, [calls]);
  // A new page, once saved, has an address of its own (a reload opens it again).
  const wasSaving = useRef(false);
  useEffect(() => {
    if (state.matches('saving')) wasSaving.current = true;
    else if (wasSaving.current && state.matches('editing')) {
      wasSaving.current = false;
      if (!error) {
        notify(t('operationDone'), 'success');
        if (id === null && saved) navigate(`${route.path}?page=${saved.id}`, { replace: true });
      }
    }
  }, [state, error, saved, id, route.path, notify, t]);

  const canvas = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ kind: 'move' | 'resize'; x: number; y: number; dx: number; dy: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const active = activeIndex(page);
  const selected: PageRect | undefined = layerRects(page)[active];
  const shownPop = shownPopIndex(page);

  const onKey = useCallback(
    (e: KeyboardEvent) => {
      const step = e.shiftKey ? 10 : 1;
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      if (arrows[e.key] && selected) {
        e.preventDefault();
        send({ type: 'NUDGE', dx: arrows[e.key][0], dy: arrows[e.key][1] });
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected) {
        e.preventDefault();
        send({ type: 'DELETE' });
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        send({ type: e.shiftKey ? 'REDO' : 'UNDO' });
      } else if (e.key === 'Escape') send({ type: 'DESELECT' });
    },
    [selected, send],
  );

  const startDrag = (e: PointerEvent, index: number, kind: 'move' | 'resize') => {
    e.stopPropagation();
    send({ type: 'SELECT', index });
    try {
      (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
    } catch {
      // no live pointer (a synthetic event): the drag still follows the canvas's own pointer events
    }
    setDrag({ kind, x: e.clientX, y: e.clientY, dx: 0, dy: 0 });
    canvas.current?.focus();
  };
  const moveDrag = (e: PointerEvent) => drag && setDrag({ ...drag, dx: e.clientX - drag.x, dy: e.clientY - drag.y });
  // One change per gesture (one undo step), sent when the pointer is let go.
  const endDrag = () => {
    if (!drag || !selected) return setDrag(null);
    const dx = Math.round(drag.dx / SCALE);
    const dy = Math.round(drag.dy / SCALE);
    if (dx || dy) {
      if (drag.kind === 'move') send({ type: 'MOVE_TO', left: selected.left + dx, top: selected.top + dy });
      else send({ type: 'RESIZE', width: selected.width + dx, height: selected.height + dy });
    }
    setDrag(null);
  };
  const shown = (r: PageRect, i: number) => {
    if (!drag || i !== active) return r;
    const dx = drag.dx / SCALE;
    const dy = drag.dy / SCALE;
    return drag.kind === 'move'
      ? { ...r, left: r.left + dx, top: r.top + dy }
      : { ...r, width: Math.max(1, r.width + dx), height: Math.max(1, r.height + dy) };
  };
  const paletteName = (code?: string) => palette.find((p) => p.code === code)?.name ?? t('pageRect');
  /** A rect of the edited layer: selected, dragged and resized with the pointer. */
  const editable = (raw: PageRect, i: number) => (
    <div
      key={i}
      role="button"
      tabIndex={-1}
      aria-pressed={raw.active}
      aria-label={t('pageRectLabel', { n: i + 1, name: paletteName(raw.component) })}
      className={`${s.rect} ${raw.active ? s.active : ''}`}
      style={rectBox(shown(raw, i), SCALE)}
      onPointerDown={(e) => startDrag(e, i, 'move')}
    >
      <RectFace rect={raw} name={paletteName(raw.component)} />
      <HotZones rect={raw} editing />
      {raw.active && <span className={s.handle} aria-hidden onPointerDown={(e) => startDrag(e, i, 'resize')} />}
    </div>
  );

  if (state.matches('loading') || state.matches('starting')) return <Spinner label={t('loading')} />;
  if (state.matches('loadFailed'))
    return (
      <section className={s.page} aria-label={route.title}>
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
        <Button onClick={() => send({ type: 'RETRY' })}>{t('reload')}</Button>
      </section>
    );

  const bg = page.pageData.background;
  const numberField = (label: string, value: number, change: (n: number) => void) => (
    <Field label={label}>
      <Input
        type="number"
        value={String(value)}
        onChange={(_, d) => d.value !== '' && Number.isFinite(Number(d.value)) && change(Number(d.value))}
      />
    </Field>
  );

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button onClick={() => navigate(route.path)} disabled={state.matches('saving')}>
            {t('backToList')}
          </Button>
        }
      />
      <div className={s.toolbar} role="toolbar" aria-label={t('pageBuilder')}>
        <Field label={t('pageName')} required validationState={error && !name.trim() ? 'error' : undefined}>
          <Input value={name} maxLength={50} onChange={(_, d) => send({ type: 'RENAME', name: d.value })} />
        </Field>
        <Button onClick={() => send({ type: 'UNDO' })} disabled={!past.length}>
          {t('undo')}
        </Button>
        <Button onClick={() => send({ type: 'REDO' })} disabled={!future.length}>
          {t('redo')}
        </Button>
        <Button onClick={() => setPreviewing(true)}>{t('previewPage')}</Button>
        <Button
          appearance="primary"
          onClick={() => send({ type: 'SAVE' })}
          disabled={state.matches('saving') || (!dirty && saved !== null)}
        >
          {state.matches('saving') ? t('operating') : t('save')}
        </Button>
      </div>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={s.builder}>
        <div className={s.side} role="region" aria-label={t('pagePalette')}>
          <h2 className={s.h2}>{t('pagePalette')}</h2>
          {palette
            .filter((p) => p.code !== 'popup')
            .map((p) => (
              <Button key={p.code} onClick={() => send({ type: 'ADD_RECT', rect: p.defaultRect, component: p.code })}>
                {p.name}
              </Button>
            ))}
          <Button onClick={() => send({ type: 'ADD_POP' })}>{t('addPopup')}</Button>
          {shownPop >= 0 && (
            <>
              <p className={s.note}>{t('editingPopup', { n: shownPop + 1 })}</p>
              <Button onClick={() => send({ type: 'DELETE_POP' })}>{t('deletePopup', { n: shownPop + 1 })}</Button>
            </>
          )}
          {page.pops.map((p, i) => (
            <Button
              key={i}
              appearance={p.show ? 'primary' : 'secondary'}
              onClick={() => send({ type: 'SHOW_POP', index: p.show ? null : i })}
            >
              {p.show ? t('hidePopup', { n: i + 1 }) : t('showPopup', { n: i + 1 })}
            </Button>
          ))}
        </div>
        <div className={s.frame}>
          <div
            ref={canvas}
            className={s.canvas}
            role="application"
            aria-label={t('pageCanvas')}
            tabIndex={0}
            onKeyDown={onKey}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerDown={() => send({ type: 'DESELECT' })}
            style={{ height: page.pageData.height * SCALE, background: backgroundOf(bg) }}
          >
            {shownPop < 0
              ? page.rects.map((raw, i) => editable(raw, i))
              : page.rects.map((r, i) => (
                  <div key={i} className={s.shownRect} style={rectBox(r, SCALE)} aria-hidden>
                    <RectFace rect={r} name={paletteName(r.component)} />
                  </div>
                ))}
            {shownPop >= 0 && (
              <div className={s.popLayer} role="group" aria-label={t('showPopup', { n: shownPop + 1 })}>
                <span className={s.popBadge}>{t('showPopup', { n: shownPop + 1 })}</span>
                {(page.pops[shownPop].rects ?? []).map((raw, i) => editable(raw, i))}
              </div>
            )}
          </div>
        </div>
        <div className={`${s.side} ${s.settings}`} role="region" aria-label={t('pageSettings')}>
          {selected ? (
            <>
              <h2 className={s.h2}>{t('pageRectLabel', { n: active + 1, name: paletteName(selected.component) })}</h2>
              <div className={s.grid}>
                {numberField(t('rectLeft'), selected.left, (v) => send({ type: 'MOVE_TO', left: v, top: selected.top }))}
                {numberField(t('rectTop'), selected.top, (v) => send({ type: 'MOVE_TO', left: selected.left, top: v }))}
                {numberField(t('rectWidth'), selected.width, (v) => send({ type: 'RESIZE', width: v, height: selected.height }))}
                {numberField(t('rectHeight'), selected.height, (v) => send({ type: 'RESIZE', width: selected.width, height: v }))}
              </div>
              <Field label={t('rectAspect')}>
                <Input
                  value={selected.aspectRatio === null ? '' : String(selected.aspectRatio)}
                  placeholder={t('rectAspectNone')}
                  onChange={(_, d) => {
                    const v = Number(d.value);
                    send({ type: 'SET_RECT', patch: { aspectRatio: d.value === '' || !(v > 0) ? null : Math.min(100, v) } });
                  }}
                />
              </Field>
              <RectContent rect={selected} onChange={(patch) => send({ type: 'SET_RECT', patch })} />
              <div className={s.actions}>
                <Button onClick={() => send({ type: 'LAYER', direction: 'up' })}>{t('layerUp')}</Button>
                <Button onClick={() => send({ type: 'LAYER', direction: 'down' })}>{t('layerDown')}</Button>
                <Button onClick={() => send({ type: 'DELETE' })}>{t('delete')}</Button>
              </div>
            </>
          ) : (
            <>
              <h2 className={s.h2}>{t('pageSettings')}</h2>
              {numberField(t('pageHeight'), page.pageData.height, (v) => send({ type: 'SET_PAGE', height: v }))}
              <Field label={t('pageBgType')}>
                <Select
                  value={bg.bgColorType}
                  onChange={(_, d) =>
                    send({ type: 'SET_PAGE', background: { bgColorType: d.value === 'gradient' ? 'gradient' : 'color' } })
                  }
                >
                  <option value="color">{t('bgSolid')}</option>
                  <option value="gradient">{t('bgGradient')}</option>
                </Select>
              </Field>
              {bg.bgColorType === 'color' ? (
                <Field label={t('pageBgColor')}>
                  <Input value={bg.bgColor} onChange={(_, d) => send({ type: 'SET_PAGE', background: { bgColor: d.value } })} />
                </Field>
              ) : (
                <div className={s.grid}>
                  {(['from', 'to', 'endColor'] as const).map((k) => (
                    <Field key={k} label={t(`bg_${k}`)}>
                      <Input value={bg[k]} onChange={(_, d) => send({ type: 'SET_PAGE', background: { [k]: d.value } })} />
                    </Field>
                  ))}
                </div>
              )}
              <Field label={t('pageBgImage')}>
                <ImageUpload label={t('pageBgImage')} value={bg.url} onChange={(url) => send({ type: 'SET_PAGE', background: { url } })} />
              </Field>
            </>
          )}
        </div>
      </div>
      {previewing && <PagePreview page={page} paletteName={paletteName} onClose={() => setPreviewing(false)} />}
    </section>
  );
}
