import type { Preview } from '@storybook/react-vite';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
// eslint-disable-next-line no-restricted-imports -- Vite's tsconfig paths do not apply in the dot-folder .storybook
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
