import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_WIDTH } from '@/api/rules/page-rules.ts';
import { PHONE_QUERY } from '@/shell/layout/use-phone.ts';

/** The canvas shows the mini-program's 750-unit width at 375 px, as a phone does. */
export const SCALE = 0.5;
/** The preview's screen: an iPhone's 375 × 667 points. */
export const PREVIEW_HEIGHT = 667;

/** Where the palette leaves the side for a row above (the canvas and the settings keep the width). */
const narrow = '@media (max-width: 1279px)';
const phone = `@media ${PHONE_QUERY}`;

export const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  // Palette, canvas and settings side by side. Below 1280 px (1024 with the menu open) the palette becomes a row
  // above, so the canvas and the selected zone's settings stay side by side: the settings once wrapped below the tall
  // canvas, and a zone and its 上/左/宽/高 were never in view together (issue 45). The settings follow the scroll.
  builder: {
    display: 'grid',
    gridTemplateColumns: '140px auto minmax(240px, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    [narrow]: { gridTemplateColumns: 'auto minmax(240px, 1fr)', '& > :first-child': { gridColumn: '1 / -1' } },
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  settings: {
    minWidth: 0,
    position: 'sticky',
    top: 0,
    [narrow]: { flexDirection: 'column', flexWrap: 'nowrap', alignItems: 'stretch' },
    [phone]: { position: 'static' },
  },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    [narrow]: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' },
  },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  frame: {
    width: `${PAGE_WIDTH * SCALE + 16}px`,
    maxHeight: '760px',
    overflowY: 'auto',
    border: `8px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: '24px',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  canvas: { position: 'relative', width: `${PAGE_WIDTH * SCALE}px`, outlineStyle: 'none', overflow: 'hidden' },
  rect: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: 'rgba(15, 108, 189, 0.12)',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    padding: '2px 4px',
    cursor: 'move',
    userSelect: 'none',
    touchAction: 'none',
  },
  active: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: 'rgba(15, 108, 189, 0.24)' },
  handle: {
    position: 'absolute',
    right: '-6px',
    bottom: '-6px',
    width: '12px',
    height: '12px',
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: '2px',
    cursor: 'nwse-resize',
  },
  // fields share the panel's width, however narrow (an input's own minimum width pushed the second column out)
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    '& > *, & .fui-Input': { minWidth: 0 },
  },
  note: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  quad: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalXS,
    '& > *, & .fui-Input': { minWidth: 0 },
  },
  thumb: { width: '40px', height: '40px', objectFit: 'cover', flexShrink: 0 },
  face: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', pointerEvents: 'none' },
  faceName: { position: 'relative' },
  zone: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `1px dashed ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: 'rgba(209, 52, 56, 0.15)',
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase100,
    pointerEvents: 'none',
  },
  zoneHidden: { position: 'absolute', cursor: 'pointer' },
  zoneBoard: {
    position: 'relative',
    width: '100%',
    maxHeight: '320px',
    overflow: 'hidden',
    cursor: 'crosshair',
    touchAction: 'none',
    userSelect: 'none',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    display: 'grid',
    placeItems: 'center',
  },
  boardZone: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `2px solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: 'rgba(209, 52, 56, 0.2)',
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    cursor: 'move',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  shownRect: { position: 'absolute', overflow: 'hidden', display: 'grid', placeItems: 'center', fontSize: tokens.fontSizeBase200 },
  popLayer: {
    position: 'absolute',
    inset: 0,
    backgroundColor: 'rgba(0, 0, 0, 0.45)',
    zIndex: 10000,
  },
  popBadge: {
    position: 'absolute',
    top: '4px',
    left: '4px',
    color: '#fff',
    fontSize: tokens.fontSizeBase200,
  },
  previewSurface: { width: 'fit-content', maxWidth: '95vw' },
  phone: {
    position: 'relative',
    width: `${PAGE_WIDTH * SCALE}px`,
    height: `${PREVIEW_HEIGHT}px`,
    overflowY: 'auto',
    border: `8px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: '24px',
    marginTop: tokens.spacingVerticalS,
  },
  previewPop: {
    position: 'sticky',
    top: 0,
    marginTop: `-${PREVIEW_HEIGHT}px`,
    height: `${PREVIEW_HEIGHT}px`,
    backgroundColor: 'rgba(0, 0, 0, 0.55)',
  },
  popClose: { position: 'absolute', right: '8px', bottom: '8px' },
});
