import type { Meta, StoryObj } from '@storybook/react-vite';
import { BusyRing } from './busy-ring.tsx';

const meta: Meta<typeof BusyRing> = { component: BusyRing, args: { label: '加载中...' } };
export default meta;
type Story = StoryObj<typeof BusyRing>;

export const Default: Story = {};
export const LongLabel: Story = { args: { label: '正在操作中，请稍候...' } };
