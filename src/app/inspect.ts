import type { InspectionEvent, Observer } from 'xstate';

/**
 * With ?inspect in the URL (before or inside the hash), every actor is connected to the Stately browser
 * inspector. It opens stately.ai, so it needs internet; nothing of it loads otherwise.
 */
export async function loadInspector(href: string): Promise<Observer<InspectionEvent> | undefined> {
  const url = new URL(href);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : '';
  if (!url.searchParams.has('inspect') && !new URLSearchParams(hashQuery).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector({ autoStart: true }).inspect;
}

/** The app's one observer: the journal first, then (with ?inspect) Stately's inspector, each event to both. */
export function inspectBoth(
  journal: (event: InspectionEvent) => void,
  stately: Observer<InspectionEvent> | undefined,
): (event: InspectionEvent) => void {
  if (!stately) return journal;
  return (event) => {
    journal(event);
    stately.next?.(event);
  };
}
