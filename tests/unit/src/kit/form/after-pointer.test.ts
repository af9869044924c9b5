// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { afterPointer, watchPointer } from '@/kit/form/after-pointer.ts';

// this file's document (a worker keeps modules from one file to the next, each file with its own document)
watchPointer(document);

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel') => document.dispatchEvent(new Event(type, { bubbles: true }));

describe('a message shown once a field is left waits for the pointer (src/kit/form/after-pointer.ts)', () => {
  it('shows at once when no pointer is pressed (the keyboard left the field)', () => {
    const reveal = vi.fn();
    afterPointer(reveal);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('waits while a pointer is pressed, and shows after the click its release makes', async () => {
    const order: string[] = [];
    const button = document.createElement('button');
    button.addEventListener('click', () => order.push('click'));
    document.body.append(button);
    press('pointerdown');
    afterPointer(() => order.push('message'));
    afterPointer(() => order.push('second message'));
    expect(order).toEqual([]);
    press('pointerup');
    button.click(); // the browser's click follows the release in the same task
    expect(order).toEqual(['click']);
    await vi.waitFor(() => expect(order).toEqual(['click', 'message', 'second message']));
    button.remove();
  });

  it('is not held back for good by a press the page never sees released', async () => {
    const reveal = vi.fn();
    press('pointerdown');
    afterPointer(reveal);
    press('pointercancel');
    await vi.waitFor(() => expect(reveal).toHaveBeenCalledTimes(1));
    press('pointerdown');
    afterPointer(reveal);
    window.dispatchEvent(new Event('blur'));
    await vi.waitFor(() => expect(reveal).toHaveBeenCalledTimes(2));
  });
});
