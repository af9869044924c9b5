import { Button, Field, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useAppMachine } from '@/journal/actor-hooks.ts';
import { useEffect } from 'react';
import { stepStates } from '@machines/campaign-wizard.machine.ts';
import { campaignApi } from '@/api/table/content.ts';
import { CAMPAIGN_TYPES, STEP_NAMES, stepProblems, type CampaignType } from '@/api/rules/campaign-rules.ts';
import { useApi, useBound } from '@/shell/session/api-context.ts';
import { navigate, useHashSearch } from '@/shell/navigation/hash-location.ts';
import { ConfirmDialog } from '@/kit/page/confirm.tsx';
import { StatusScreen } from '@/shell/layout/status-screens.tsx';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { useStyles } from './campaign-info-styles.ts';
import { MissingSteps, StepList, useBuilderPages, useWizardLogic } from './campaign-info-parts.tsx';
import { StepForm } from './campaign-step-form.tsx';
import { usePagePath } from '@/shell/session/page-path.ts';
import { useMenuOwner } from '@/shell/navigation/menu-owner.tsx';

/**
 * 设置活动 › 活动信息 (/setting-camp/campaign-info?id= or ?type=): the eight steps on the
 * campaign wizard statechart. The step list says where the user is and which steps are done or invalid; moving on
 * saves the step as a draft (it resumes there after a reload or on another machine); leaving with unsaved edits asks
 * first; submitting for audit checks every step and lists what is missing.
 */
export default function CampaignInfoView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const search = new URLSearchParams(useHashSearch());
  const id = Number(search.get('id')) || null;
  const typeParam = search.get('type');
  const type: CampaignType = typeParam && typeParam in CAMPAIGN_TYPES ? (typeParam as CampaignType) : 'lottery';
  const calls = useBound(campaignApi);
  const { logic, toasted } = useWizardLogic(calls);
  const [state, send] = useAppMachine(logic, { input: { id, type } });
  const c = state.context;
  const pages = useBuilderPages(api);

  // A new campaign's address names it once saved, so a reload resumes it.
  useEffect(() => {
    if (c.id !== null && id === null) navigate(`${route.path}?id=${c.id}`, { replace: true });
  }, [c.id, id, route.path]);
  useEffect(() => {
    if (state.matches('left')) history.back();
  }, [state]);
  // Where the confirmation leads: the audit page and this type's list, where the menu has them.
  const auditPath = usePagePath('campaign-audit/list');
  const listPath = usePagePath(`content-manage/${c.type}`);
  // The side menu highlights this type's campaign list, not 工作台.
  useMenuOwner(listPath);

  if (state.matches('loading') || state.matches('starting')) return <Spinner label={t('loading')} />;
  // Submitted: said on the page, with where to go next, instead of leaving for another page unasked.
  if (state.matches('submitted')) {
    return (
      <StatusScreen title={t('campaignSubmitted')} hint={t('campaignSubmittedHint')}>
        {listPath && (
          <Button appearance="primary" onClick={() => navigate(listPath)}>
            {t('backToCampaignList')}
          </Button>
        )}
        {auditPath && <Button onClick={() => navigate(auditPath)}>{t('toCampaignAudit')}</Button>}
      </StatusScreen>
    );
  }
  if (state.matches('loadFailed'))
    return (
      <section className={s.page} aria-label={route.title}>
        <MessageBar intent="error">
          <MessageBarBody>{c.error}</MessageBarBody>
        </MessageBar>
        <Button onClick={() => send({ type: 'RETRY' })}>{t('reload')}</Button>
      </section>
    );

  const data = (c.steps[c.current] ?? {}) as Record<string, unknown>;
  const problems = c.visited.includes(c.current) ? stepProblems(c.current, data, c.type) : {};
  const edit = (patch: Record<string, unknown>) => send({ type: 'EDIT', patch });
  const field = (name: string, label: string, control: React.ReactElement, required = false) => (
    <Field
      label={label}
      required={required}
      validationState={problems[name] ? 'error' : undefined}
      validationMessage={problems[name] && localize(problems[name])}
    >
      {control}
    </Field>
  );
  const str = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
  const num = (name: string) => (typeof data[name] === 'number' ? String(data[name]) : '');
  const toNum = (v: string) => (v === '' ? undefined : Number(v));
  const busy = state.matches('saving') || state.matches('submitting');
  const error = c.error && !toasted.current.has(c.error) ? c.error : null;

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={{ ...route, title: `${route.title} · ${localize(CAMPAIGN_TYPES[c.type])}` }}
        actions={<Button onClick={() => send({ type: 'LEAVE' })}>{t('back')}</Button>}
      />
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <MissingSteps missing={c.missing} />
      <div className={s.layout}>
        <StepList steps={stepStates(c)} busy={busy} go={(step) => send({ type: 'GO', step })} />
        <form className={s.form} aria-label={localize(STEP_NAMES[c.current])} onSubmit={(e) => e.preventDefault()}>
          <h2>{localize(STEP_NAMES[c.current])}</h2>
          <StepForm step={c.current} data={data} edit={edit} field={field} str={str} num={num} toNum={toNum} pages={pages} />
          <div className={s.buttons}>
            <Button onClick={() => send({ type: 'PREV' })} disabled={busy || c.current === 'campaign-base-info'}>
              {t('prevStep')}
            </Button>
            <Button onClick={() => send({ type: 'NEXT' })} disabled={busy || c.current === 'senior-setting'}>
              {t('nextStep')}
            </Button>
            <Button onClick={() => send({ type: 'SAVE' })} disabled={busy || !c.dirty}>
              {state.matches('saving') ? t('operating') : t('saveDraft')}
            </Button>
            <Button appearance="primary" onClick={() => send({ type: 'SUBMIT' })} disabled={busy}>
              {state.matches('submitting') ? t('operating') : t('submitForAudit')}
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={state.matches('confirmingLeave')}
        message={t('discardChanges')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </section>
  );
}
