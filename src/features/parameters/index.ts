/** What the parameters feature shares: a tenant's settings panel (the tenant list opens it for any tenant). */
export { SettingsPanel, type SettingsPanelProps } from './settings-panel.tsx';
