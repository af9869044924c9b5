import { Avatar, makeStyles, tokens } from '@fluentui/react-components';
import { SessionContext } from '../../shell/session-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { usePublisherType } from '../../shell/publisher.ts';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    maxWidth: '640px',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
  },
  head: { gridColumn: '1 / 3', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  name: { margin: 0, fontSize: tokens.fontSizeBase500 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

/** /user-center/user-info: the signed-in user as /vue/userInfo describes them. */
export default function UserInfoView() {
  const s = useStyles();
  const t = useT();
  const u = SessionContext.useSelector((st) => st.context.userInfo);
  const publisher = usePublisherType();
  if (!u) return null;
  const departs = u.allDepartList.filter((d) => u.departmentPermission.includes(d.id)).map((d) => d.departName);
  const rows: Array<[string, string]> = [
    [t('account'), u.userName],
    [t('roleName'), u.roleName || t('none')],
    [t('phone'), u.phone || t('none')],
    [t('tenantId'), String(u.tenantId)],
    [t('userType'), [0, 1, 2].includes(u.userType) ? t(`userType${u.userType as 0 | 1 | 2}`) : String(u.userType)],
    [t('mall'), u.mallInfo?.name ?? t('none')],
    [t('store'), u.storeId === null ? t('none') : String(u.storeId)],
    [t('departments'), departs.join('、') || t('none')],
    [t('publisherType'), t(`publisher${publisher}`)],
    [t('sessionId'), u.sessionId ?? t('none')],
  ];
  return (
    <section aria-label={t('userInfo')}>
      <dl className={s.card}>
        <div className={s.head}>
          <Avatar name={u.nickname} image={u.headimgurl ? { src: u.headimgurl } : undefined} size={56} color="colorful" />
          <h1 className={s.name}>{u.nickname}</h1>
        </div>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
