import { logApi } from '@/api/table/logs.ts';
import type { ApiClient } from '@/api/client.ts';
import { APP_NAME } from '@/api/contract/session.ts';
import { findRoute, type MenuModel } from '@/menu/menu-model.ts';
import type { OperationOutcomes } from '@/shell/operation-outcome.ts';

/** An operation log entry. */
export interface OperationLog {
  operationTime: string;
  operationName: string;
  operationCode: string;
  systemName: string;
  pageCode: string;
  pageName: string;
  operationType: string;
  menuName: string;
  menuCode: string;
}

/**
 * The spec writes the time format as yyyy-MM-dd hh:mm:ss; `hh` read as a 12-hour clock without AM/PM would make
 * 09:00 and 21:00 the same, so the 24-hour clock is used (the browser's local time, as the click happened).
 */
export const formatOperationTime = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/** The entry for a click on a tracked element, or null when the element is not tracked for clicks. */
export function operationFor(el: Element, model: MenuModel | null, path: string, now: Date): OperationLog | null {
  const tracked = el.closest('[data-track-code]');
  if (!tracked) return null;
  const trigger = tracked.getAttribute('data-trigger-type') ?? 'click';
  if (trigger !== 'click') return null;
  // The name is the element's label or visible text; never a field's value (no token or password can leak).
  const isField = tracked instanceof HTMLInputElement || tracked instanceof HTMLTextAreaElement || tracked instanceof HTMLSelectElement;
  const name =
    tracked.getAttribute('data-track-name') || tracked.getAttribute('aria-label') || (isField ? '' : tracked.textContent?.trim());
  const route = model ? findRoute(model, path) : undefined;
  const section = route && model ? model.side.find((e) => e.key === route.section) : undefined;
  return {
    operationTime: formatOperationTime(now),
    operationName: (name || tracked.getAttribute('data-track-code') || '').slice(0, 100),
    operationCode: tracked.getAttribute('data-track-code') ?? '',
    systemName: APP_NAME,
    pageCode: route?.name ?? path.split('/').pop() ?? '',
    pageName: route?.title ?? '',
    operationType: trigger,
    menuName: route?.trail[0] ?? section?.title ?? '',
    menuCode: section?.name ?? '',
  };
}

/**
 * Posts an operation log for every click on a tracked element (`data-track-code`, `data-trigger-type="click"`), and
 * opens its outcome for `outcomes` when the element acts (`data-track-outcome`).
 * It listens in the capture phase and never waits, cancels or throws, so logging cannot block or break a click.
 */
export function installOperationLog(
  api: ApiClient,
  current: () => { model: MenuModel | null; path: string },
  outcomes?: Pick<OperationOutcomes, 'clicked'>,
  now = () => new Date(),
) {
  const onClick = (e: MouseEvent) => {
    try {
      if (!(e.target instanceof Element)) return;
      const { model, path } = current();
      const entry = operationFor(e.target, model, path, now());
      if (!entry) return;
      const id = api
        .send(logApi.recordOperation, entry, { quiet: true })
        .then((a) => a.values?.id ?? null)
        .catch(() => null);
      const acts = e.target.closest('[data-track-code]')?.hasAttribute('data-track-outcome') ?? false;
      outcomes?.clicked(entry.operationCode, id, acts);
    } catch (err) {
      console.error('[operation-log]', err);
    }
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
