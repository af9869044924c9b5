/** Every statechart of the console, for the inspector, the docs and the model-based tests. */
export { sessionMachine } from './session.machine.ts';
export { logoutMachine } from './logout.machine.ts';
export { accessTokenMachine } from './access-token.machine.ts';
export { loadingMachine } from './loading.machine.ts';
export { countdownMachine } from './countdown.machine.ts';
export { smsButtonMachine } from './sms-button.machine.ts';
export { bindPhoneMachine } from './bind-phone.machine.ts';
export { tabsMachine } from './tabs.machine.ts';
export { userImportMachine } from './user-import.machine.ts';
export { exportJobMachine } from './export-job.machine.ts';
export { menuEditorMachine } from './menu-editor.machine.ts';
export { pageBuilderMachine } from './page-builder.machine.ts';
export { campaignWizardMachine } from './campaign-wizard.machine.ts';
