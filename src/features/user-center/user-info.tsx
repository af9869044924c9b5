import { Avatar, makeStyles, tokens } from '@fluentui/react-components';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { roleNameIn } from '@/api/table/session.ts';
import { usePublisherType } from '@/shell/session/publisher.ts';
import { ProfileForm } from './profile-form.tsx';
import { CARD } from './card-style.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  card: CARD,
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    margin: 0,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  name: { margin: 0, fontSize: tokens.fontSizeBase500 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

/**
 * /user-center/user-info: the signed-in user in plain words (account, roles, organisation, departments, store), and
 * their own nickname and avatar to edit (the avatar square, uploaded through the one upload helper).
 */
export default function UserInfoView() {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const u = SessionContext.useSelector((st) => st.context.userInfo);
  const publisher = usePublisherType();
  if (!u) return null;
  const departs = u.allDepartList.filter((d) => u.departmentPermission.includes(d.id)).map((d) => d.departName);
  const rows: Array<[string, string]> = [
    [t('account'), u.userName],
    [
      t('roleName'),
      roleNameIn(u, language)
        .split(',')
        .filter(Boolean)
        .join(language === 'en' ? ', ' : '、') || t('none'),
    ],
    [t('phone'), u.phone || t('none')],
    [t('tenantId'), u.tenantName || String(u.tenantId)],
    [t('userType'), [0, 1, 2].includes(u.userType) ? t(`userType${u.userType as 0 | 1 | 2}`) : String(u.userType)],
    [t('mall'), u.mallInfo?.name ?? t('none')],
    [t('store'), u.storeId === null ? t('none') : (u.storeName ?? t('storeNumber', { id: u.storeId }))],
    [t('departments'), departs.join('、') || t('none')],
    [t('publisherType'), t(`publisher${publisher}`)],
  ];
  return (
    <section aria-label={t('userInfo')} className={s.page}>
      <div className={s.card}>
        <div className={s.head}>
          <Avatar name={u.nickname} image={u.headimgurl ? { src: u.headimgurl } : undefined} size={56} color="colorful" />
          <h1 className={s.name}>{u.nickname}</h1>
        </div>
        {/* a definition list holds only its terms and values: the name and picture stand above it */}
        <dl className={s.list}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={s.term}>{term}</dt>
              <dd className={s.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ProfileForm key={`${u.nickname}|${u.headimgurl}`} nickname={u.nickname} headimgurl={u.headimgurl} />
    </section>
  );
}
