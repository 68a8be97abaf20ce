import type {
  AvailabilityExceptionInput,
  PracticeAvailabilityResponse,
  PracticeAvailabilitySetResponse,
  SessionType,
} from '@hhp/proto';
import { api } from '../../../shared/api/api';

const BASE = '/api/practice/availability';

/**
 * The availability's calls (services/practice's availability router, proto/src/practice-availability.ts). Every
 * change answers the whole state, which replaces the cached one: the panel shows the server's rules and the
 * bookings outside them as they are after the change, without a second request.
 */
export const availabilityApi = api.enhanceEndpoints({ addTagTypes: ['PracticeAvailability'] }).injectEndpoints({
  endpoints: (build) => {
    const change = <A>(request: (arg: A) => { url: string; body: unknown }) =>
      build.mutation<PracticeAvailabilitySetResponse, A>({
        query: (arg) => ({ ...request(arg), method: 'POST' }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(availabilityApi.util.upsertQueryData('practiceAvailability', undefined, data));
          } catch {
            // A refusal changes nothing here (no unhandled rejection); the panel shows the mutation's error.
          }
        },
      });
    return {
      practiceAvailability: build.query<PracticeAvailabilityResponse, void>({
        query: () => BASE,
        providesTags: ['PracticeAvailability'],
        keepUnusedDataFor: 0,
      }),
      setAvailabilityRule: change(
        ({
          type,
          ...body
        }: {
          type: SessionType;
          weekdays: number[];
          times: string[];
          durationMinutes: number;
          version: number;
        }) => ({
          url: `${BASE}/rules/${encodeURIComponent(type)}`,
          body,
        }),
      ),
      addAvailabilityException: change((body: AvailabilityExceptionInput) => ({ url: `${BASE}/exceptions`, body })),
      removeAvailabilityException: change(({ id }: { id: string }) => ({
        url: `${BASE}/exceptions/${encodeURIComponent(id)}/remove`,
        body: {},
      })),
    };
  },
});

export const {
  usePracticeAvailabilityQuery,
  useSetAvailabilityRuleMutation,
  useAddAvailabilityExceptionMutation,
  useRemoveAvailabilityExceptionMutation,
} = availabilityApi;
