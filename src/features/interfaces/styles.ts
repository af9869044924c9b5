import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3, marginTop: 0 },
});
