import type { Preview } from '@storybook/react-vite';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { loadSignedInTexts } from '../src/i18n/messages.ts';

const preview: Preview = {
  // the signed-in texts, which the app loads with the shell's chunk
  loaders: [async () => (await loadSignedInTexts(), {})],
  decorators: [
    (Story) => (
      <FluentProvider theme={webLightTheme}>
        <Story />
      </FluentProvider>
    ),
  ],
};
export default preview;
