import { Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/**
 * Machine text in a cell or a line (an address, a path, a code, a key's prefix): the monospace face at the small
 * size, so such values line up and read apart from words.
 * @example <Mono>{r.ip || '--'}</Mono>
 */
export function Mono({ children }: { children: ReactNode }) {
  return (
    <Text font="monospace" size={200}>
      {children}
    </Text>
  );
}
