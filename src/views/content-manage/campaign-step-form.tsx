import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { ImageUpload } from '../../kit/form/image-upload.tsx';
import { ZonedDateTimeInput } from '../../kit/form/zoned-datetime-input.tsx';
import { useT } from '../../i18n/use-t.ts';
import { RuleStepForm, type StepFormProps } from './campaign-step-rules.tsx';

/** A wizard step's fields: the campaign's basics, template and share card here; its rules in RuleStepForm. */
export function StepForm(props: StepFormProps) {
  const { step, data, edit, field, str, pages } = props;
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
    default:
      return <RuleStepForm {...props} />;
  }
}
