import { tokens, type GriffelStyle } from '@fluentui/react-components';

/** The public pages' card (登录, 忘记密码, 注册): centred, raised, `width` wide, the whole width of a phone. */
export const cardStyle = (width: string): GriffelStyle => ({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalM,
  width,
  padding: tokens.spacingHorizontalXXL,
  // A phone: the card takes the width, with a margin.
  '@media (max-width: 767px)': { width: 'calc(100vw - 16px)', boxSizing: 'border-box', padding: tokens.spacingHorizontalL },
  backgroundColor: tokens.colorNeutralBackground1,
  borderRadius: tokens.borderRadiusXLarge,
  boxShadow: tokens.shadow16,
});
