import type { ListResponse, NumbersResponse } from '@hhp/proto';
import { api } from '../../../shared/api/api';

const BASE = '/api/practice';

/** The CSV download of the whole e-mail list (a plain link: the browser sends the session cookie and saves the file). */
export const LIST_CSV_URL = `${BASE}/list.csv`;

/**
 * The numbers and the e-mail list (services/practice's numbers and list routes, proto/src/practice-numbers.ts).
 * Both are read afresh each time the panel shows (nothing kept): they change all day, and the list is the admin's.
 */
export const numbersApi = api.enhanceEndpoints({ addTagTypes: ['PracticeNumbers', 'PracticeList'] }).injectEndpoints({
  endpoints: (build) => ({
    practiceNumbers: build.query<NumbersResponse, void>({
      query: () => `${BASE}/numbers`,
      providesTags: ['PracticeNumbers'],
      keepUnusedDataFor: 0,
    }),
    emailList: build.query<ListResponse, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({
        url: `${BASE}/list`,
        params: { page: String(page), pageSize: String(pageSize) },
      }),
      providesTags: ['PracticeList'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { usePracticeNumbersQuery, useEmailListQuery } = numbersApi;
