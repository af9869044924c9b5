import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { ChoiceSelect } from '@/kit/form/controls/choice-select.tsx';
import { ImageUpload } from '@/kit/form/controls/image-upload.tsx';
import { ZonedDateTimeInput } from '@/kit/form/controls/zoned-datetime-input.tsx';
import { useT } from '@/i18n/use-t.ts';
import { RuleStepForm, type StepFormProps } from './campaign-step-rules.tsx';

/** A wizard step's fields: the campaign's basics, template and share card here; its rules in RuleStepForm. */
export function StepForm(props: StepFormProps) {
  const { step, data, edit, field, str, pages } = props;
  const t = useT();
  const text = (key: string, maxLength: number) => (
    <Input value={str(key)} maxLength={maxLength} onChange={(_, d) => edit({ [key]: d.value })} />
  );
  switch (step) {
    case 'campaign-base-info':
      return (
        <>
          {field('name', t('campaignName'), text('name', 50), true)}
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
            <ChoiceSelect
              value={typeof data.pageId === 'number' ? String(data.pageId) : ''}
              empty={t('none')}
              options={pages.map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(v) => edit({ pageId: v ? Number(v) : null })}
            />
          </Field>
        </>
      );
    case 'wx-share-setting':
      return (
        <>
          {field('title', t('shareTitle'), text('title', 30), true)}
          {field('description', t('shareDescription'), text('description', 60))}
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
    default:
      return <RuleStepForm {...props} />;
  }
}
