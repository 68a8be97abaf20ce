import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from './base-query';

/**
 * The one API slice; each feature adds its endpoints with `api.injectEndpoints` in its own api.ts.
 * Data never goes stale by itself (the specification: no refetch on focus, reconnect or interval); it is
 * refreshed by tag invalidation or an explicit retry. Unused entries stay cached for an hour.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['Video'],
  keepUnusedDataFor: 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
