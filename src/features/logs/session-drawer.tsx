import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { LOGIN_FAILURES } from '@/api/contract/session.ts';
import { logApi } from '@/api/table/logs.ts';
import type { Answered } from '@/api/table/define.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { SideDrawer } from '@/kit/page/side-drawer.tsx';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';

const useStyles = makeStyles({
  timeline: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  event: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  detail: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: `0 0 ${tokens.spacingVerticalXL}`,
  },
  dd: { margin: 0, wordBreak: 'break-all' },
});

/** One sign-in and the life of the session it started: refreshes, logout, force logout and by whom, an end by the server. */
export function SessionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const [data, setData] = useState<Answered<typeof logApi.login>['values'] | null>(null);
  useEffect(() => {
    api.send(logApi.login, { id }).then(
      ({ values }) => setData(values),
      () => onClose(),
    );
  }, [api, id]);
  const title = t('sessionLife');
  return (
    <SideDrawer title={title} onClose={onClose}>
      {!data ? (
        <Spinner label={t('loading')} />
      ) : (
        <>
          <dl className={s.detail}>
            {(
              [
                [t('account'), data.log.account || '--'],
                [
                  t('loginResult'),
                  data.log.success
                    ? t('loginSuccess')
                    : t('nameWithNote', {
                        name: t('loginFailure'),
                        note: data.log.reason ? localize(LOGIN_FAILURES[data.log.reason]) : '--',
                      }),
                ],
                [t('ipAddress'), data.log.ip || '--'],
                [t('userAgent'), data.log.userAgent || '--'],
                [t('sessionId'), data.log.sessionId ?? '--'],
                [t('sessionState'), data.session ? (data.session.live ? t('sessionLive') : t('sessionEnded')) : '--'],
              ] as const
            ).map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd className={s.dd}>{value}</dd>
              </div>
            ))}
          </dl>
          {data.log.success && (
            <ol className={s.timeline} aria-label={title}>
              {data.events.map((e, i) => (
                <li key={i} className={s.event}>
                  <div>
                    {t(`sessionEvent_${e.kind}` as MessageKey)}
                    {e.byUserName ? ` · ${t('byUser', { name: e.byUserName })}` : ''}
                    {e.note ? ` · ${e.note}` : ''}
                  </div>
                  <div className={s.muted}>{formatInstant(e.createdAt)}</div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </SideDrawer>
  );
}
