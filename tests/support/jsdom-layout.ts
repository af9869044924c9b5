/**
 * What jsdom lacks and Fluent UI needs to behave as it does in a browser (setup file of the unit project; does
 * nothing under the node environment).
 *
 * - `offsetParent`: jsdom has no layout and answers null for every element. tabster (Fluent's focus manager) reads
 *   null as "display: none" (and a 0 x 0 body as a hidden frame), so it finds nothing focusable in a dialog; Fluent then focuses the DialogSurface itself,
 *   tabster never activates the dialog's modalizer, and a hidden-update timer left by a dialog closed less than
 *   250 ms earlier puts aria-hidden on the new dialog. That made the palette test fail about one run in two.
 *   Here it follows CSSOM View without layout: null when the element is not connected, is body or html, is
 *   position: fixed, or it or an ancestor is display: none; otherwise the nearest positioned ancestor, else body.
 * - `body.getBoundingClientRect()`: the viewport (jsdom answers 0 x 0, which tabster also reads as hidden).
 * - `ResizeObserver` and `scrollIntoView`, which cmdk and Fluent call.
 * - Testing Library waits on conditions up to 10 s (not its 1 s default), so a busy machine is slow, never red.
 */
import { configure } from '@testing-library/react';

if (typeof window !== 'undefined' && typeof HTMLElement !== 'undefined') {
  configure({ asyncUtilTimeout: 10_000 });

  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement): Element | null {
      const doc = this.ownerDocument;
      if (!this.isConnected || this === doc.body || this === doc.documentElement) return null;
      const style = (el: Element) => doc.defaultView!.getComputedStyle(el);
      if (style(this).display === 'none') return null;
      for (let el = this.parentElement; el; el = el.parentElement) if (style(el).display === 'none') return null;
      if (style(this).position === 'fixed') return null;
      for (let el = this.parentElement; el && el !== doc.body; el = el.parentElement) {
        if (style(el).position !== 'static') return el;
      }
      return doc.body;
    },
  });
  // tabster also treats a 0 x 0 body (a hidden iframe) as "nothing is visible"; jsdom's body is always 0 x 0.
  HTMLBodyElement.prototype.getBoundingClientRect = function (this: HTMLBodyElement) {
    const { innerWidth: width, innerHeight: height } = this.ownerDocument.defaultView!;
    return DOMRect.fromRect({ x: 0, y: 0, width, height });
  };

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function () {};
}
