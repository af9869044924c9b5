import { makeStyles, tokens } from '@fluentui/react-components';
import { PHONE_QUERY } from '@/shell/layout/use-phone.ts';

const phone = `@media ${PHONE_QUERY}`;

export const useStyles = makeStyles({
  page: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    [phone]: { padding: tokens.spacingHorizontalM },
  },
  // On a phone the steps stack above the form (a row of steps that scrolls sideways), and the form takes the width:
  // beside it, the form had 110 px and its inputs ran off the screen (issue 45).
  layout: {
    display: 'grid',
    gridTemplateColumns: '200px minmax(0, 640px)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  },
  steps: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    [phone]: { flexDirection: 'row', overflowX: 'auto', paddingBottom: tokens.spacingVerticalXS },
  },
  step: { width: '100%', justifyContent: 'flex-start', [phone]: { width: 'auto', whiteSpace: 'nowrap' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 100px 100px auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});
