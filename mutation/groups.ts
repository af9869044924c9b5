/**
 * What `npm run mutation` mutates, by group (mutation/run.ts). Each group has its own baseline. A new machine goes
 * in a machines group (tests/repo/mutation-groups.test.ts fails until it does); src/menu and src/lib are globs.
 */
export const GROUPS: Record<string, string[]> = {
  server: ['server/access/access.ts', 'server/access/permissions.ts', 'server/access/request-access.ts', 'server/infra/db/outage.ts'],
  // keep-alive.ts is the spec's lists and timings as data: a unit test could only restate them (the e2e navigation
  // tests keep pages alive and reset the scroll).
  menu: ['src/menu/**/*.ts', '!src/menu/keep-alive.ts'],
  lib: ['src/lib/**/*.ts'],
  'machines-small': [
    'machines/loading.machine.ts',
    'machines/logout.machine.ts',
    'machines/countdown.machine.ts',
    'machines/sms-button.machine.ts',
    'machines/access-token.machine.ts',
    'machines/tabs.machine.ts',
    'machines/user-import.machine.ts',
    'machines/bind-phone.machine.ts',
  ],
  'machines-jobs': ['machines/export-job.machine.ts', 'machines/job-progress.ts'],
  'machines-editors': ['machines/menu-editor.machine.ts', 'machines/page-builder.machine.ts', 'machines/campaign-wizard.machine.ts'],
  'machines-session': ['machines/session.machine.ts'],
};
