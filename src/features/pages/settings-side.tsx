import { Button, Field, Input, Select, mergeClasses } from '@fluentui/react-components';
import type { PageRect, PageState } from '@/api/rules/page-rules.ts';
import type { PageBuilderEvent } from '@machines/page-builder.machine.ts';
import { ImageUpload } from '@/kit/form/controls/image-upload.tsx';
import { useT } from '@/i18n/use-t.ts';
import { RectContent } from './rect-parts.tsx';
import { useStyles } from './styles.ts';

export interface SettingsSideProps {
  page: PageState;
  /** the selected component of the edited layer, if any, and its index */
  selected: PageRect | undefined;
  active: number;
  paletteName: (code?: string) => string;
  send: (event: PageBuilderEvent) => void;
  /** after 删除: where focus goes now that the panel is gone */
  onDeleted: () => void;
}

/**
 * The builder's right-hand panel: the selected component's place, size, content and layer, or, with nothing
 * selected, the page's height and background. Every change is one event of the builder's machine (one undo step).
 */
export function SettingsSide({ page, selected, active, paletteName, send, onDeleted }: SettingsSideProps) {
  const s = useStyles();
  const t = useT();
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
    <div className={mergeClasses(s.side, s.settings)} role="region" aria-label={t('pageSettings')}>
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
          <RectContent rect={selected} name={paletteName(selected.component)} onChange={(patch) => send({ type: 'SET_RECT', patch })} />
          <div className={s.actions}>
            <Button onClick={() => send({ type: 'LAYER', direction: 'up' })}>{t('layerUp')}</Button>
            <Button onClick={() => send({ type: 'LAYER', direction: 'down' })}>{t('layerDown')}</Button>
            <Button
              onClick={() => {
                send({ type: 'DELETE' });
                onDeleted();
              }}
            >
              {t('delete')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 className={s.h2}>{t('pageSettings')}</h2>
          {numberField(t('pageHeight'), page.pageData.height, (v) => send({ type: 'SET_PAGE', height: v }))}
          <Field label={t('pageBgType')}>
            <Select
              value={bg.bgColorType}
              onChange={(_, d) => send({ type: 'SET_PAGE', background: { bgColorType: d.value === 'gradient' ? 'gradient' : 'color' } })}
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
  );
}
