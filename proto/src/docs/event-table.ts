// The event catalogue as proto/README.md shows it: markdown tables between two markers, written and checked
// by `node proto/dist/openapi/generate.js` (`--check` in `npm test`'s openapi layer).
import { EVENT_CATALOGUE, KV_BUCKETS, type CatalogueEntry } from '../event-catalogue.js';

export const TABLE_START = '<!-- event-catalogue:start (generated from src/event-catalogue.ts; do not edit) -->';
export const TABLE_END = '<!-- event-catalogue:end -->';

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function producers(entry: CatalogueEntry): string {
  if (entry.producers.length) return entry.producers.join(', ');
  return `**none yet**: ${'noProducer' in entry ? entry.noProducer : ''}`;
}

function consumers(entry: CatalogueEntry): string {
  if (entry.delivery === 'request-reply') return entry.consumers.join(', ');
  if (entry.consumers.length) return entry.consumers.map((c) => `${c.service} (${code(c.durable)})`).join(', ');
  return `**none**: ${'noConsumer' in entry ? entry.noConsumer : ''}`;
}

function schema(entry: CatalogueEntry): string {
  return entry.delivery === 'request-reply'
    ? `${code(entry.schemaName)} → ${code(entry.responseName)}`
    : code(entry.schemaName);
}

/** The markdown between the markers (unformatted: the generator runs prettier over the README). */
export function eventTables(): string {
  const rows = (EVENT_CATALOGUE as readonly CatalogueEntry[]).map((e) =>
    [code(e.subject), e.delivery, schema(e), producers(e), consumers(e), e.purpose].map(cell).join(' | '),
  );
  const buckets = KV_BUCKETS.map((b) => [code(b.bucket), code(b.variable), b.owner, b.purpose].map(cell).join(' | '));
  return [
    '| subject | delivery | schema | producers (request-reply: asks) | consumers (request-reply: answers) | purpose |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
    '',
    'JetStream key-value buckets (NATS storage that one service owns):',
    '',
    '| bucket (default) | renamed by | owner | purpose |',
    '| --- | --- | --- | --- |',
    ...buckets.map((r) => `| ${r} |`),
  ].join('\n');
}

/** `readme` with the text between the markers replaced by the tables; throws when a marker is missing. */
export function withEventTables(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`proto/README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${eventTables()}\n\n${readme.slice(end)}`;
}
