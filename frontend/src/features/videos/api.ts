import type { ListVideosResponse, VideoCategory } from '@hhp/proto';
import { api } from '../../shared/api/api';

const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/videos, with `?category=` only when one is chosen (omitted for all). */
    listVideos: build.query<ListVideosResponse, VideoCategory | undefined>({
      query: (category) => ({ url: '/api/videos', params: { category } }),
      providesTags: ['Video'],
    }),
  }),
});

export const { useListVideosQuery } = videosApi;
