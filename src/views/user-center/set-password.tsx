import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { fieldProblems } from '../../api/schema/kit.ts';
import { passwordChangeForm } from '../../api/schema/password.ts';
import { userCenterCalls } from '../../api/calls/user-center-calls.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { PageHeader } from '../../kit/page/page-header.tsx';
import { useForm } from '../../kit/form/use-form.ts';
import { useFocusFirstInvalid } from '../../kit/form/focus-first-invalid.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
});

type Values = { oldPassword: string; password: string; confirm: string };

const problems = (v: Values) => fieldProblems(passwordChangeForm, v);

/**
 * 用户中心 › 设置密码: the old password, a new one by the shared policy, and its confirmation. On success the
 * account's other sessions end and this one goes on.
 */
export default function SetPasswordView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => userCenterCalls(api), [api]);
  const empty = { oldPassword: '', password: '', confirm: '' };
  const form = useForm<Values>(empty, problems);
  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <Field label={label} required {...form.field(name)}>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(_, d) => form.set(name, d.value)}
        onBlur={() => form.blur(name)}
      />
    </Field>
  );
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <form
        ref={firstInvalid.ref}
        className={s.form}
        noValidate
        aria-label={route.title}
        onSubmit={async (e) => {
          e.preventDefault();
          const done = await form.submit(async (v) => {
            const { endedSessions } = await calls.updatePassword(v.oldPassword, v.password);
            notify(endedSessions ? t('passwordChangedOthersEnded', { count: endedSessions }) : t('passwordChanged'), 'success');
          });
          if (done) form.reset(empty);
          else firstInvalid.ask();
        }}
      >
        {field('oldPassword', t('oldPassword'), 'current-password')}
        {field('password', t('newPassword'), 'new-password')}
        {field('confirm', t('confirmNewPassword'), 'new-password')}
        <div>
          <Button type="submit" appearance="primary" disabled={form.saving}>
            {form.saving ? t('operating') : t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
