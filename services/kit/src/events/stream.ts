import {
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM, EVENTS_SUBJECTS } from '@hhp/proto';

const HOUR_MS = 60 * 60 * 1000;

export const STREAM_CONFIG = {
  name: EVENTS_STREAM,
  subjects: [...EVENTS_SUBJECTS, DEAD_LETTER_SUBJECT],
  storage: StorageType.File,
  retention: RetentionPolicy.Limits,
  max_age: nanos(30 * 24 * HOUR_MS),
  // Publishers use the event id as msgID: a re-publish within this window is dropped by the server. A
  // re-publish follows NATS's return at once (DurablePublisher, on reconnect) or within a second (the outbox
  // relay), so the window only has to outlast the outages to bridge: a day. The server keeps every id of
  // the window in memory (scripts/dedup-window-memory.mjs measures one): at a much higher event rate than
  // today's, shorten the window to the longest outage the publishers' buffers can bridge anyway.
  duplicate_window: nanos(24 * HOUR_MS),
} satisfies Partial<StreamConfig> & { name: string };

/** Create the stream, or bring its subjects up to date when another version created it. */
export async function ensureStream(jsm: JetStreamManager): Promise<void> {
  try {
    await jsm.streams.add(STREAM_CONFIG);
  } catch (err) {
    if (!(err instanceof JetStreamApiError)) throw err;
    // "stream name already in use with a different configuration"
    const info = await jsm.streams.info(EVENTS_STREAM);
    const subjects = [...new Set([...info.config.subjects, ...STREAM_CONFIG.subjects])];
    await jsm.streams.update(EVENTS_STREAM, { ...info.config, subjects });
  }
}
