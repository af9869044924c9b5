import { Button, Field, Input, Select, Switch, Textarea } from '@fluentui/react-components';
import { ImageUpload } from '../../kit/form/image-upload.tsx';
import { ZonedDateTimeInput } from '../../kit/form/zoned-datetime-input.tsx';
import { type CampaignStep, type Prize } from '../../api/rules/campaign-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { useStyles } from './campaign-info-styles.ts';

export function StepForm({
  step,
  data,
  edit,
  field,
  str,
  num,
  toNum,
  pages,
}: {
  pages: ReadonlyArray<{ id: number; name: string }>;
  step: CampaignStep;
  data: Record<string, unknown>;
  edit: (patch: Record<string, unknown>) => void;
  field: (name: string, label: string, control: React.ReactElement, required?: boolean) => React.ReactElement;
  str: (name: string) => string;
  num: (name: string) => string;
  toNum: (v: string) => number | undefined;
}) {
  const s = useStyles();
  const t = useT();
  switch (step) {
    case 'campaign-base-info':
      return (
        <>
          {field(
            'name',
            t('campaignName'),
            <Input value={str('name')} maxLength={50} onChange={(_, d) => edit({ name: d.value })} />,
            true,
          )}
          {field('startAt', t('startTime'), <ZonedDateTimeInput value={data.startAt} onChange={(startAt) => edit({ startAt })} />, true)}
          {field('endAt', t('endTime'), <ZonedDateTimeInput value={data.endAt} onChange={(endAt) => edit({ endAt })} />, true)}
          {field(
            'description',
            t('campaignDescription'),
            <Textarea value={str('description')} onChange={(_, d) => edit({ description: d.value })} />,
          )}
        </>
      );
    case 'choice-template-component':
      return (
        <>
          {field(
            'pageId',
            t('campaignTemplate'),
            <Select value={str('template')} onChange={(_, d) => edit({ template: d.value })}>
              <option value="">{t('pleaseChoose')}</option>
              <option value="wheel">{t('templateWheel')}</option>
              <option value="grid">{t('templateGrid')}</option>
              <option value="scratch">{t('templateScratch')}</option>
            </Select>,
            true,
          )}
          <Field label={t('campaignPage')} hint={t('campaignPageHint')}>
            <Select
              value={typeof data.pageId === 'number' ? String(data.pageId) : ''}
              onChange={(_, d) => edit({ pageId: d.value ? Number(d.value) : null })}
            >
              <option value="">{t('none')}</option>
              {pages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
        </>
      );
    case 'wx-share-setting':
      return (
        <>
          {field(
            'title',
            t('shareTitle'),
            <Input value={str('title')} maxLength={30} onChange={(_, d) => edit({ title: d.value })} />,
            true,
          )}
          {field(
            'description',
            t('shareDescription'),
            <Input value={str('description')} maxLength={60} onChange={(_, d) => edit({ description: d.value })} />,
          )}
          {field(
            'image',
            t('shareImage'),
            <ImageUpload
              label={t('shareImage')}
              square
              value={str('image')}
              onChange={(url, { uploaded }) => edit({ image: url, imageSquare: uploaded ? true : undefined })}
            />,
            true,
          )}
        </>
      );
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
      const set = (i: number, patch: Partial<Prize>) => edit({ prizes: prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
      return field(
        'prizes',
        t('prizes'),
        <div>
          {prizes.map((p, i) => (
            <div key={i} className={s.row}>
              <Field label={t('prizeName', { n: i + 1 })}>
                <Input value={p.name} onChange={(_, d) => set(i, { name: d.value })} />
              </Field>
              <Field label={t('prizeStock')}>
                <Input type="number" value={String(p.stock)} onChange={(_, d) => set(i, { stock: Number(d.value) })} />
              </Field>
              <Field label={t('prizeProbability')}>
                <Input type="number" value={String(p.probability)} onChange={(_, d) => set(i, { probability: Number(d.value) })} />
              </Field>
              <Button onClick={() => edit({ prizes: prizes.filter((_, j) => j !== i) })}>{t('delete')}</Button>
            </div>
          ))}
          <Button onClick={() => edit({ prizes: [...prizes, { name: '', stock: 0, probability: 0, image: '' }] })}>{t('addPrize')}</Button>
        </div>,
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
      const set = (i: number, patch: Partial<{ name: string; code: string }>) =>
        edit({ channels: channels.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
      return field(
        'channels',
        t('channels'),
        <div>
          {channels.map((x, i) => (
            <div key={i} className={s.pair}>
              <Field label={t('channelName', { n: i + 1 })}>
                <Input value={x.name} onChange={(_, d) => set(i, { name: d.value })} />
              </Field>
              <Field label={t('channelCode')}>
                <Input value={x.code} onChange={(_, d) => set(i, { code: d.value })} />
              </Field>
              <Button onClick={() => edit({ channels: channels.filter((_, j) => j !== i) })}>{t('delete')}</Button>
            </div>
          ))}
          <Button onClick={() => edit({ channels: [...channels, { name: '', code: '' }] })}>{t('addChannel')}</Button>
        </div>,
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
  }
}
