// The requests the scripts make alike: a JSON POST to the portal (alone, or as one of an http.batch), and a guest's
// question as the chat sends it.
import http from 'k6/http';
import { BASE_URL } from './profile.js';

/** A JSON POST of `body` to `path` as http.batch takes it; `tags` name it in the summary. */
export const jsonPost = (path, body, tags) => ({
  method: 'POST',
  url: `${BASE_URL}${path}`,
  body: JSON.stringify(body),
  params: { headers: { 'Content-Type': 'application/json' }, ...(tags && { tags }) },
});

export function postJson(path, body, tags) {
  const request = jsonPost(path, body, tags);
  return http.post(request.url, request.body, request.params);
}

/** A guest's question (the specification's userId and sessionId are null for a guest). */
export const question = (query, guestId) => ({ query, userId: null, sessionId: null, guestId });
