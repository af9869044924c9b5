import { Avatar, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ReasonButton } from '../../shell/session/permission-button.tsx';
import { useMemo, useState } from 'react';
import { fieldProblems } from '../../api/schema/kit.ts';
import { profile } from '../../api/schema/system/user.ts';
import { fetchUserInfo } from '../../api/calls/session-calls.ts';
import { userCenterCalls } from '../../api/calls/user-center-calls.ts';
import { ImageUpload } from '../../kit/form/image-upload.tsx';
import { useApi } from '../../shell/session/api-context.ts';
import { SessionContext } from '../../shell/session/session-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { useForm } from '../../kit/form/use-form.ts';
import { useT } from '../../i18n/use-t.ts';
import { usePublisherType } from '../../shell/session/publisher.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
  },
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
  edit: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
  },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  avatarRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/**
 * /user-center/user-info: the signed-in user in plain words (account, roles, organisation, departments, store), and
 * their own nickname and avatar to edit (the avatar square, uploaded through the one upload helper).
 */
export default function UserInfoView() {
  const s = useStyles();
  const t = useT();
  const u = SessionContext.useSelector((st) => st.context.userInfo);
  const publisher = usePublisherType();
  if (!u) return null;
  const departs = u.allDepartList.filter((d) => u.departmentPermission.includes(d.id)).map((d) => d.departName);
  const rows: Array<[string, string]> = [
    [t('account'), u.userName],
    [t('roleName'), u.roleName.split(',').filter(Boolean).join('、') || t('none')],
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

function ProfileForm({ nickname, headimgurl }: { nickname: string; headimgurl: string }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const calls = useMemo(() => userCenterCalls(api), [api]);
  const form = useForm({ nickname, headimgurl }, (v) => fieldProblems(profile, v));
  const [uploading, setUploading] = useState(false);

  return (
    <form
      className={s.edit}
      noValidate
      aria-label={t('editProfile')}
      onSubmit={async (e) => {
        e.preventDefault();
        await form.submit(async (v) => {
          await calls.updateInfo({ nickname: v.nickname.trim(), headimgurl: v.headimgurl });
          // The shell shows the new name and picture at once (top bar, this page).
          const fresh = await fetchUserInfo(api);
          session.send({ type: 'USER_INFO_REFRESHED', userInfo: fresh.userInfo, tokenExpire: fresh.tokenExpire });
          notify(t('operationDone'), 'success');
        });
      }}
    >
      <h2 className={s.h2}>{t('editProfile')}</h2>
      <Field label={t('nickname')} required {...form.field('nickname')}>
        <Input
          value={form.values.nickname}
          maxLength={32}
          onChange={(_, d) => form.set('nickname', d.value)}
          onBlur={() => form.blur('nickname')}
        />
      </Field>
      <Field label={t('avatar')} hint={t('avatarHint')} {...form.field('headimgurl')}>
        <div className={s.avatarRow}>
          <Avatar
            name={form.values.nickname}
            image={form.values.headimgurl ? { src: form.values.headimgurl } : undefined}
            size={48}
            color="colorful"
          />
          {/* an avatar is square. */}
          <ImageUpload
            label={t('avatar')}
            square
            address={false}
            value={form.values.headimgurl}
            onChange={(url) => form.set('headimgurl', url)}
            onUploading={setUploading}
          />
          {form.values.headimgurl && (
            <Button appearance="subtle" onClick={() => form.set('headimgurl', '')}>
              {t('removeAvatar')}
            </Button>
          )}
        </div>
      </Field>
      <div>
        <ReasonButton
          type="submit"
          appearance="primary"
          reason={(uploading && t('waitForUpload')) || (!form.dirty && t('nothingToSave'))}
          disabled={form.saving}
        >
          {form.saving ? t('operating') : t('save')}
        </ReasonButton>
      </div>
    </form>
  );
}
