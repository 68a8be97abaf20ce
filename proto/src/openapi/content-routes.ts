// The content service's routes in the OpenAPI document: the e-mail list and the video library.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse } from '../http-error.js';
import { ListVideosQuery, ListVideosResponse, IngestVideoRequest, Video } from '../videos.js';
import {
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  SubscribeEmailRequest,
  SubscribeEmailResponse,
  UnsubscribeEmailQuery,
  UnsubscribeEmailResponse,
} from '../email.js';
import { errors, get, json, post } from './route-shapes.js';

export const EMAIL_LIST_ROUTES: RouteConfig[] = [
  post(
    '/api/subscribe-email',
    'content',
    'Join the e-mail list',
    SubscribeEmailRequest,
    SubscribeEmailResponse,
    [429, 503],
  ),
  post(
    '/api/subscribe-email/confirm',
    'content',
    "Confirm an address on the e-mail list (the double opt-in e-mail's link; idempotent; 410 when the link was superseded by an unsubscribe or a later sign-up)",
    ConfirmEmailRequest,
    ConfirmEmailResponse,
    [410, 503],
  ),
  {
    method: 'post',
    path: '/api/subscribe-email/unsubscribe',
    tags: ['content'],
    summary: 'Leave the e-mail list: the one-click unsubscribe of every list e-mail (RFC 8058; idempotent)',
    request: {
      query: UnsubscribeEmailQuery,
      body: {
        required: false,
        description:
          "Read only to record which sent it (at most 1024 bytes): mail clients send the form `List-Unsubscribe=One-Click`, the portal's page `{}`",
        content: {
          'application/x-www-form-urlencoded': { schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) },
          'application/json': { schema: z.object({}) },
        },
      },
    },
    responses: { 200: json(UnsubscribeEmailResponse, 'OK'), ...errors(400, 413, 503) },
  },
];

export const LIST_VIDEOS_ROUTE: RouteConfig = get(
  '/api/videos',
  'content',
  'The video library, optionally one category',
  ListVideosResponse,
  [400, 503],
  { query: ListVideosQuery },
);

export const INGEST_VIDEO_ROUTE: RouteConfig = post(
  '/api/videos/ingest',
  'content',
  'Add or update a video (HMAC-signed)',
  IngestVideoRequest,
  Video,
  [401, 409, 503],
  {
    responses: {
      200: json(Video, 'Updated'),
      201: json(Video, 'Added'),
      ...errors(400, 401, 413, 415, 503),
      409: json(ErrorResponse, 'Older than the stored version of the video (a delayed or replayed request)'),
    },
  },
);
