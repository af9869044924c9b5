import type { ApiClient } from '../../client.ts';
import type { Answer, DashboardFigures, MallStatistics } from '../../contract.ts';

/** The landing page's and the statistics page's figures (docs/api.md "Statistics"). */
export const statisticsCalls = (api: ApiClient) => ({
  dashboard: async () => (await api.call<Answer<DashboardFigures>>('/v1/dataStatistics/dashboard', {})).values!,
  /** days yyyy-MM-dd in the tenant's zone, at most 366 */
  mall: async (from: string, to: string) =>
    (await api.call<Answer<MallStatistics>>('/v1/dataStatistics/mallStatistics', { from, to }, { fieldErrors: true })).values!,
});
