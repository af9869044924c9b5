import { tokens } from '@fluentui/react-components';

/** A card of the user centre's pages: the profile and its form stand on the page as two of them. */
export const CARD = {
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalM,
  padding: tokens.spacingHorizontalXXL,
  backgroundColor: tokens.colorNeutralBackground1,
  borderRadius: tokens.borderRadiusLarge,
} as const;
