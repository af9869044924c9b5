import { Field, Input, Switch, Textarea } from '@fluentui/react-components';
import type { CampaignStep, Prize } from '@/api/rules/campaign-rules.ts';
import { useT } from '@/i18n/use-t.ts';
import { useStyles } from './campaign-info-styles.ts';
import { RowList } from './row-list.tsx';

/** What a step's form gets from the wizard: the step's data, how to change it, and its field wrapper. */
export type StepFormProps = {
  pages: ReadonlyArray<{ id: number; name: string }>;
  step: CampaignStep;
  data: Record<string, unknown>;
  edit: (patch: Record<string, unknown>) => void;
  field: (name: string, label: string, control: React.ReactElement, required?: boolean) => React.ReactElement;
  str: (name: string) => string;
  num: (name: string) => string;
  toNum: (v: string) => number | undefined;
};

/** A wizard step's rules: draws, prizes, testers, channels and the senior switches. */
export function RuleStepForm({ step, data, edit, field, num, toNum }: StepFormProps) {
  const s = useStyles();
  const t = useT();
  switch (step) {
    case 'draw-setting':
      return (
        <>
          {field(
            'drawsPerUser',
            t('drawsPerUser'),
            <Input type="number" value={num('drawsPerUser')} onChange={(_, d) => edit({ drawsPerUser: toNum(d.value) })} />,
            true,
          )}
          {field(
            'drawsPerDay',
            t('drawsPerDay'),
            <Input type="number" value={num('drawsPerDay')} onChange={(_, d) => edit({ drawsPerDay: toNum(d.value) })} />,
            true,
          )}
          {field(
            'pointsPerDraw',
            t('pointsPerDraw'),
            <Input type="number" value={num('pointsPerDraw')} onChange={(_, d) => edit({ pointsPerDraw: toNum(d.value) })} />,
          )}
        </>
      );
    case 'prize-setting': {
      const prizes = Array.isArray(data.prizes) ? (data.prizes as Prize[]) : [];
      const blank: Prize = { name: '', stock: 0, probability: 0, image: '' };
      return field(
        'prizes',
        t('prizes'),
        <RowList rows={prizes} className={s.row} blank={blank} addLabel={t('addPrize')} onChange={(next) => edit({ prizes: next })}>
          {(p, i, set) => (
            <>
              <Field label={t('prizeName', { n: i + 1 })}>
                <Input value={p.name} onChange={(_, d) => set({ name: d.value })} />
              </Field>
              <Field label={t('prizeStock')}>
                <Input type="number" value={String(p.stock)} onChange={(_, d) => set({ stock: Number(d.value) })} />
              </Field>
              <Field label={t('prizeProbability')}>
                <Input type="number" value={String(p.probability)} onChange={(_, d) => set({ probability: Number(d.value) })} />
              </Field>
            </>
          )}
        </RowList>,
        true,
      );
    }
    case 'appoint-setting':
      return field(
        'testers',
        t('testers'),
        <Textarea
          value={Array.isArray(data.testers) ? (data.testers as string[]).join('\n') : ''}
          placeholder={t('testersHint')}
          onChange={(_, d) => edit({ testers: d.value.split(/\s+/).filter(Boolean) })}
        />,
      );
    case 'popularizing-channel': {
      const channels = Array.isArray(data.channels) ? (data.channels as Array<{ name: string; code: string }>) : [];
      return field(
        'channels',
        t('channels'),
        <RowList
          rows={channels}
          className={s.pair}
          blank={{ name: '', code: '' }}
          addLabel={t('addChannel')}
          onChange={(next) => edit({ channels: next })}
        >
          {(x, i, set) => (
            <>
              <Field label={t('channelName', { n: i + 1 })}>
                <Input value={x.name} onChange={(_, d) => set({ name: d.value })} />
              </Field>
              <Field label={t('channelCode')}>
                <Input value={x.code} onChange={(_, d) => set({ code: d.value })} />
              </Field>
            </>
          )}
        </RowList>,
        true,
      );
    }
    case 'senior-setting':
      return (
        <>
          <Switch label={t('membersOnly')} checked={data.membersOnly === true} onChange={(_, d) => edit({ membersOnly: d.checked })} />
          <Switch label={t('needPhone')} checked={data.needPhone === true} onChange={(_, d) => edit({ needPhone: d.checked })} />
          {field(
            'maxParticipants',
            t('maxParticipants'),
            <Input type="number" value={num('maxParticipants')} onChange={(_, d) => edit({ maxParticipants: toNum(d.value) })} />,
          )}
        </>
      );
    default:
      return null;
  }
}
