import { Avatar, Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { profile } from '@/api/schema/session/profile.ts';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { userCenterApi } from '@/api/table/session.ts';
import { ImageUpload } from '@/kit/form/controls/image-upload.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { ReasonButton } from '@/shell/session/permission-button.tsx';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';
import { CARD } from './card-style.ts';

const useStyles = makeStyles({
  edit: CARD,
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  avatarRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/**
 * 个人信息's form: one's own nickname (the user schema's rule) and a square avatar, saved through
 * /v1/user/updateInfo; the top bar shows the new name and picture at once.
 */
export function ProfileForm({ nickname, headimgurl }: { nickname: string; headimgurl: string }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const form = useSchemaForm({ nickname, headimgurl }, profile);
  const [uploading, setUploading] = useState(false);

  return (
    <form
      className={s.edit}
      noValidate
      aria-label={t('editProfile')}
      onSubmit={async (e) => {
        e.preventDefault();
        await form.submit(async (v) => {
          await api.send(userCenterApi.updateProfile, { nickname: v.nickname.trim(), headimgurl: v.headimgurl }, { fieldErrors: true });
          // The shell shows the new name and picture at once (top bar, this page).
          const fresh = await fetchUserInfo(api);
          session.send({ type: 'USER_INFO_REFRESHED', userInfo: fresh.userInfo, tokenExpire: fresh.tokenExpire });
          notify(t('operationDone'), 'success');
        });
      }}
    >
      <h2 className={s.h2}>{t('editProfile')}</h2>
      <TextField form={form} name="nickname" label={t('nickname')} />
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
