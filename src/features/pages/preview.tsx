import { Button } from '@fluentui/react-components';
import { DialogShell } from '@/kit/page/dialog-shell.tsx';
import { useState } from 'react';
import { ApiFailure } from '@/api/errors.ts';
import { PAGE_WIDTH, type PageState } from '@/api/rules/page-rules.ts';
import { useT } from '@/i18n/use-t.ts';
import { HotZones, RectFace, rectBox } from './rect-parts.tsx';
import { PREVIEW_HEIGHT, SCALE, useStyles } from './styles.ts';

/** The page as the mini-program shows it, at its 375-point width, with its popups one at a time. */
export function PagePreview({
  page,
  paletteName,
  onClose,
}: {
  page: PageState;
  paletteName: (code?: string) => string;
  onClose: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const [pop, setPop] = useState(-1);
  const bg = page.pageData.background;
  const shown = page.pops[pop];
  return (
    <DialogShell
      open
      title={t('phonePreview', { w: PAGE_WIDTH * SCALE, h: PREVIEW_HEIGHT })}
      onClose={onClose}
      surfaceClassName={s.previewSurface}
      actions={
        <>
          <Button appearance="primary" onClick={onClose}>
            {t('close')}
          </Button>
        </>
      }
    >
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
    </DialogShell>
  );
}

export const backgroundOf = (bg: PageState['pageData']['background']) =>
  bg.bgColorType === 'gradient'
    ? `linear-gradient(${bg.from}, ${bg.to}, ${bg.endColor})`
    : `${bg.bgColor}${bg.url ? ` url("${bg.url}") top / 100% auto no-repeat` : ''}`;

export const message = (err: unknown) =>
  err instanceof ApiFailure ? err.failure.message : err instanceof Error ? err.message : String(err);
