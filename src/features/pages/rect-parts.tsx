import { Button, Field, Input, Switch } from '@fluentui/react-components';
import { type PageRect } from '@/api/rules/page-rules.ts';
import { ImageUpload } from '@/kit/form/controls/image-upload.tsx';
import { useT } from '@/i18n/use-t.ts';
import { useStyles } from './styles.ts';
import { HotZoneEditor } from './hot-zone-editor.tsx';

/** What a rect carries, by its kind: an image and its link, banner images, hot zones, a voice's icons, a video's length. */
export function RectContent({ rect, name, onChange }: { rect: PageRect; name: string; onChange: (patch: Partial<PageRect>) => void }) {
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
      <Field label={t('hotZones')} hint={t('hotZoneBoardHint')}>
        <div className={s.side}>
          <HotZoneEditor rect={rect} face={<RectFace rect={rect} name={name} />} onChange={(hotZone) => onChange({ hotZone })} />
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
export function RectFace({ rect, name }: { rect: PageRect; name: string }) {
  const s = useStyles();
  const url = rect.bannerData[0]?.url || (rect.component === 'voice' ? rect.voiceInfo?.stopImg : '');
  return url ? <img src={url} alt="" className={s.face} draggable={false} /> : <span className={s.faceName}>{name}</span>;
}

/** The hot zones of a rect, drawn inside it: numbered as in the settings panel while editing, else only outlined. */
export function HotZones({ rect, editing }: { rect: PageRect; editing: boolean }) {
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
export const rectBox = (r: PageRect, scale: number, lift = 0) => ({
  top: r.top * scale,
  left: r.left * scale,
  width: r.width * scale,
  height: r.height * scale,
  zIndex: lift + r.zIndex,
});
