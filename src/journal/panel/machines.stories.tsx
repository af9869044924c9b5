import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import * as statecharts from '@machines/index.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { describeStatechart } from '../statechart.ts';
import { recordWalk } from '../walk.ts';
import { StatechartView } from './statechart-view.tsx';
import JournalPanel from './journal-panel.tsx';

const model = buildMenuModel([]);

function MachineStory({ machine }: { machine: AnyStateMachine }) {
  const chart = useMemo(() => describeStatechart(machine), [machine]);
  const { file, value } = useMemo(() => recordWalk(machine), [machine]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', minHeight: '90vh' }}>
      <div style={{ flex: '1 1 50%', overflow: 'auto' }}>
        <StatechartView chart={chart} value={value} name={machine.id} />
      </div>
      <JournalPanel
        inline
        open
        onClose={() => {}}
        tab="journal"
        onTab={() => {}}
        model={model}
        route={undefined}
        focusCode={null}
        initialFile={file}
      />
    </div>
  );
}

/**
 * Every statechart of the console: the chart drawn from the machine's own definition (the state the walk
 * ended in highlighted) beside the journal panel fed the journal of that walk, stepped through by replay.
 */
const meta: Meta<typeof MachineStory> = { title: 'Machines', component: MachineStory, parameters: { layout: 'fullscreen' } };
export default meta;
type Story = StoryObj<typeof MachineStory>;

export const Session: Story = { args: { machine: statecharts.sessionMachine } };
export const Logout: Story = { args: { machine: statecharts.logoutMachine } };
export const AccessToken: Story = { args: { machine: statecharts.accessTokenMachine } };
export const Loading: Story = { args: { machine: statecharts.loadingMachine } };
export const Countdown: Story = { args: { machine: statecharts.countdownMachine } };
export const SmsButton: Story = { args: { machine: statecharts.smsButtonMachine } };
export const BindPhone: Story = { args: { machine: statecharts.bindPhoneMachine } };
export const Tabs: Story = { args: { machine: statecharts.tabsMachine } };
export const UserImport: Story = { args: { machine: statecharts.userImportMachine } };
export const ExportJob: Story = { args: { machine: statecharts.exportJobMachine } };
export const MenuEditor: Story = { args: { machine: statecharts.menuEditorMachine } };
export const PageBuilder: Story = { args: { machine: statecharts.pageBuilderMachine } };
export const CampaignWizard: Story = { args: { machine: statecharts.campaignWizardMachine } };
