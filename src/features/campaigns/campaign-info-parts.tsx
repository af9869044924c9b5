import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { campaignWizardMachine, type stepStates } from '@machines/campaign-wizard.machine.ts';
import { campaignApi, pageApi } from '@/api/table/content.ts';
import type { Bound } from '@/api/client.ts';
import type { ApiClient } from '@/api/client.ts';
import { STEP_NAMES, type CampaignStep } from '@/api/rules/campaign-rules.ts';
import type { StepSave } from '@/api/rules/campaign-rules.ts';
import { ApiFailure } from '@/api/errors.ts';
import { useLanguage, useLocalize, useT } from '@/i18n/use-t.ts';
import { useStyles } from './campaign-info-styles.ts';

const MARK = { done: '✓', invalid: '!', todo: '' } as const;

/**
 * The wizard's statechart with the campaign calls as its actors. A refusal the shell has already shown as a toast
 * (one without a field) is remembered in `toasted`, so the wizard does not say it again (one message per event).
 */
export function useWizardLogic(calls: Bound<typeof campaignApi>) {
  const toasted = useRef(new Set<string>());
  const logic = useMemo(() => {
    const plain = (err: unknown) => {
      if (err instanceof ApiFailure && !err.failure.field) toasted.current.add(err.failure.message);
      return new Error(err instanceof ApiFailure ? err.failure.message : err instanceof Error ? err.message : String(err));
    };
    return campaignWizardMachine.provide({
      actors: {
        loadCampaign: fromPromise(({ input }: { input: { id: number } }) =>
          calls.detail({ id: input.id }).then(
            (a) => a.values,
            (e: unknown) => Promise.reject(plain(e)),
          ),
        ),
        saveStep: fromPromise(({ input }: { input: StepSave }) =>
          calls
            // a new campaign is named by its type; the wizard says a refusal where the user is looking, not as a toast
            .saveStep(
              input.id === null ? { type: input.type, step: input.step, data: input.data, currentStep: input.currentStep } : input,
              {
                fieldErrors: true,
              },
            )
            .then(
              (a) => a.values,
              (e: unknown) => Promise.reject(plain(e)),
            ),
        ),
        submitCampaign: fromPromise(({ input }: { input: { id: number; version: number } }) =>
          calls.submit({ id: input.id, version: input.version }, { fieldErrors: true }).then(
            (a) => a.values,
            (e: unknown) => Promise.reject(plain(e)),
          ),
        ),
      },
    });
  }, [calls]);
  return { logic, toasted };
}

/** The builder's pages a campaign can use as its page (the template step); none when they cannot be read. */
export function useBuilderPages(api: ApiClient) {
  const [pages, setPages] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    api.send(pageApi.query, { pageNum: 1, pageSize: 200 }).then(
      (r) => setPages(r.values.flatMap((p) => (p ? [{ id: p.id, name: p.name }] : []))),
      () => setPages([]),
    );
  }, [api]);
  return pages;
}

/** The step list: where the user is, and which steps are done or invalid; a step is opened by its button. */
export function StepList({ steps, busy, go }: { steps: ReturnType<typeof stepStates>; busy: boolean; go: (step: CampaignStep) => void }) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  return (
    <nav aria-label={t('campaignSteps')}>
      <ol className={s.steps}>
        {steps.map((x, i) => (
          <li key={x.step}>
            <Button
              className={s.step}
              appearance={x.current ? 'primary' : 'subtle'}
              aria-current={x.current ? 'step' : undefined}
              aria-label={`${i + 1}. ${localize(STEP_NAMES[x.step])}${x.state === 'done' ? ` ${t('stepDone')}` : x.state === 'invalid' ? ` ${t('stepInvalid')}` : ''}`}
              disabled={busy}
              onClick={() => go(x.step)}
            >
              {i + 1}. {localize(STEP_NAMES[x.step])} {MARK[x.state]}
            </Button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** What 提交审核 found missing, step by step. */
export function MissingSteps({ missing }: { missing: ReadonlyArray<{ step: CampaignStep; name: string; problem: string }> }) {
  const t = useT();
  const localize = useLocalize();
  const [language] = useLanguage();
  if (!missing.length) return null;
  return (
    <MessageBar intent="warning" role="alert">
      <MessageBarBody>
        {t('campaignMissing', { count: missing.length })}
        <ul>
          {missing.map((m) => (
            <li key={m.step}>
              {localize(m.name)}
              {language === 'en' ? ': ' : '：'}
              {localize(m.problem)}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
