import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  thumb: { maxWidth: '40px', maxHeight: '40px', borderRadius: tokens.borderRadiusSmall, verticalAlign: 'middle' },
  problems: {
    maxHeight: '320px',
    overflowY: 'auto',
    width: '100%',
    borderCollapse: 'collapse',
    '& td, & th': { textAlign: 'start', padding: '4px 8px' },
  },
  importBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});
