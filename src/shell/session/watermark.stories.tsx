import type { Meta, StoryObj } from '@storybook/react-vite';
import { Watermark } from './watermark.tsx';

const meta: Meta<typeof Watermark> = {
  component: Watermark,
  args: { nickname: '云帆管理员', now: new Date(2026, 10, 22) },
  decorators: [
    (Story) => (
      <div style={{ height: 320, position: 'relative' }}>
        <button type="button">水印下方的按钮仍可点击</button>
        {Story()}
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Watermark>;

export const On: Story = {};
export const LongNickname: Story = { args: { nickname: '华东大区第一分公司门店运营管理员' } };
