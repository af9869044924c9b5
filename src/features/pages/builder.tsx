import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useAppMachine } from '@/journal/actor-hooks.ts';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { activeIndex, layerRects, shownPopIndex } from '@machines/page-builder.machine.ts';
import { pageApi, type PaletteItem } from '@/api/table/content.ts';
import { createBuilderLogic, keyCommand } from './builder-logic.ts';
import type { PageRect } from '@/api/rules/page-rules.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { navigate } from '@/shell/navigation/hash-location.ts';
import { useNotify } from '@/shell/toast.tsx';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { PagePreview, backgroundOf } from './preview.tsx';
import { HotZones, RectFace, rectBox } from './rect-parts.tsx';
import { SCALE, useStyles } from './styles.ts';
import { SettingsSide } from './settings-side.tsx';

export function Builder({ route, id }: ViewProps & { id: number | null }) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const notify = useNotify();
  const calls = useBound(pageApi);
  const logic = useMemo(() => createBuilderLogic(calls), [calls]);
  const [state, send] = useAppMachine(logic, { input: { id } });
  const { page, name, saved, past, future, dirty, error } = state.context;
  const [palette, setPalette] = useState<PaletteItem[]>([]);
  useEffect(() => {
    calls.palette({}).then(
      (a) => setPalette(a.values),
      () => setPalette([]),
    );
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
      const command = keyCommand(e, selected !== undefined);
      if (!command) return;
      if (command.type !== 'DESELECT') e.preventDefault();
      send(command);
    },
    [selected, send],
  );

  // Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) anywhere in the builder but a text field, whose own undo stays the browser's:
  // focus left on a button or the page body still undoes the builder's last step, never a field's old text.
  useEffect(() => {
    const onWindowKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      e.preventDefault();
      send({ type: key === 'y' || e.shiftKey ? 'REDO' : 'UNDO' });
    };
    addEventListener('keydown', onWindowKey);
    return () => removeEventListener('keydown', onWindowKey);
  }, [send]);

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
  // the component's name in the console's language (its English beside it, as menu entries and roles have)
  const paletteName = (code?: string) => {
    const item = palette.find((p) => p.code === code);
    return item ? (language === 'en' && item.nameEn) || item.name : t('pageRect');
  };
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
                {paletteName(p.code)}
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
        <SettingsSide
          page={page}
          selected={selected}
          active={active}
          paletteName={paletteName}
          send={send}
          // The panel goes with a deleted component: the canvas takes focus, so Ctrl+Z brings it back.
          onDeleted={() => canvas.current?.focus()}
        />
      </div>
      {previewing && <PagePreview page={page} paletteName={paletteName} onClose={() => setPreviewing(false)} />}
    </section>
  );
}
