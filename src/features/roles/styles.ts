import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  columns: { display: 'grid', gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL },
  side: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: tokens.spacingHorizontalL },
  current: { backgroundColor: tokens.colorNeutralBackground1Selected, fontWeight: tokens.fontWeightSemibold },
  count: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  detail: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  hint: { color: tokens.colorNeutralForeground3, margin: `0 0 ${tokens.spacingVerticalS}` },
  search: { width: '100%', marginBottom: tokens.spacingVerticalS },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});
