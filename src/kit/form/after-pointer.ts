/**
 * A message a field shows once left is put off while a pointer is pressed (found in the menu editor, 2026-12-01).
 * Leaving a field by pressing a button moves the focus at the press; a message then shown under the field pushes the
 * button down before the pointer is released, so the release lands beside it and the click is lost: the user clicked
 * 保存 and nothing happened. Put off until the pointer is up and its click has landed, the message shows after the
 * click did its work (a submit shows every message anyway). Keyboard and programmatic blurs show at once.
 */
let pressed = false;
const waiting = new Set<() => void>();

const release = () => {
  if (!pressed) return;
  pressed = false;
  // after the click that this release makes, which is dispatched in the same task
  setTimeout(() => {
    const due = [...waiting];
    waiting.clear();
    for (const run of due) run();
  }, 0);
};

const watched = new WeakSet<Document>();

/** Listens for presses in a document, once per document (the console's at load; a test's own documents by call). */
export function watchPointer(doc: Document): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  doc.addEventListener('pointerdown', () => (pressed = true), true);
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointercancel', release, true);
  // a release outside the page (the window left while pressed) must not keep messages back for good
  doc.defaultView?.addEventListener('blur', release);
}

if (typeof document !== 'undefined') watchPointer(document);

/** Runs `reveal` now, or once the pointer pressed now is released and its click has landed. */
export function afterPointer(reveal: () => void): void {
  if (pressed) waiting.add(reveal);
  else reveal();
}
