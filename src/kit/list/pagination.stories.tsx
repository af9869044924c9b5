import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Pagination } from './pagination.tsx';

function Live({ count }: { count: number }) {
  const [state, setState] = useState({ page: 1, size: 10 });
  return (
    <Pagination
      count={count}
      page={state.page}
      size={state.size}
      onChange={(c) => setState((s) => ({ page: c.page ?? 1, size: c.size ?? s.size }))}
    />
  );
}

const meta: Meta<typeof Live> = { title: 'kit/Pagination', component: Live };
export default meta;
type Story = StoryObj<typeof Live>;

export const ManyPages: Story = { args: { count: 1234 } };
export const OnePage: Story = { args: { count: 4 } };
export const Empty: Story = { args: { count: 0 } };
