import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { publicTenantInfo, type PublicTenant } from '@/api/calls/session/session-calls.ts';
import { STORAGE_KEYS, readStored } from '@/api/storage.ts';
import { useApi } from '../session/api-context.ts';

/** How a public page finds its tenant: the link's ?tenant= code, else the tenant last signed in here, else the default. */
export function publicTenantQuery(search: string, lastTenant: string | null): { code?: string; id?: number } {
  const code = new URLSearchParams(search).get('tenant')?.trim();
  if (code) return { code };
  const id = Number(lastTenant);
  return Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

/**
 * The tenant a public page (register, find password) works in; its id goes with the anonymous SMS call and the
 * reset as renantId. `error` when the link names a tenant that does not exist (the page says so and goes on with
 * the default).
 */
export function usePublicTenant() {
  const api = useApi();
  const search = useSearch();
  const [tenant, setTenant] = useState<PublicTenant | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const query = publicTenantQuery(search, readStored(STORAGE_KEYS.lastTenant));
    publicTenantInfo(api, query)
      .catch((e: unknown) => {
        if (live && query.code) setError(e instanceof Error ? e.message : String(e));
        return query.code || query.id ? publicTenantInfo(api) : null;
      })
      .then((t) => live && setTenant(t))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, search]);
  return { tenant, error };
}
