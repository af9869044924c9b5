/** Fluent's dark theme: a chunk of its own, loaded when the console shows it (theme.ts loadTheme). */
export { webDarkTheme } from '@fluentui/react-components';
