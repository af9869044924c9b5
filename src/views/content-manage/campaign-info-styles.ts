import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  layout: { display: 'grid', gridTemplateColumns: '200px minmax(0, 640px)', gap: tokens.spacingHorizontalXXL, alignItems: 'start' },
  steps: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  step: { width: '100%', justifyContent: 'flex-start' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '1fr 100px 100px auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});
