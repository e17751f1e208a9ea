import { csvCell } from '../logs/log-format';
import { presentExport, type ExportRow } from './content-presenter';

export const CONTENT_EXPORT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

/** `content-<member>-<yyyy-mm-dd>.<format>`, dated in UTC. */
export const contentExportFileName = (userId: string, format: 'json' | 'csv', at: Date) =>
  `content-${userId}-${at.toISOString().slice(0, 10)}.${format}`;

/**
 * The JSON export, written as the rows are read: `{"content":[...]}` with one record a line,
 * exactly the body `POST /content/import` takes beside `userId`.
 */
export async function* jsonExport(rows: AsyncIterable<ExportRow>): AsyncGenerator<string> {
  yield '{"content":[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(presentExport(row))}`;
    first = false;
  }
  yield first ? ']}\n' : '\n]}\n';
}

export const CONTENT_CSV_COLUMNS = [
  'title',
  'content',
  'excerpt',
  'type',
  'status',
  'visibility',
  'commentAudience',
  'shareAudience',
  'tags',
  'categories',
  'featuredImage',
  'location',
  'seoTitle',
  'seoDescription',
  'allowComments',
  'allowSharing',
  'metadata',
  'createdAt',
  'publishedAt',
  'editedAt',
] as const;

/** One record a row, for a spreadsheet: lists joined by `;`, metadata as JSON. */
export function csvRecord(row: ExportRow): string {
  const r = presentExport(row);
  const cells = [
    r.title,
    r.content,
    r.excerpt,
    r.type,
    r.status,
    r.visibility,
    r.permissions.comment,
    r.permissions.share,
    r.tags.join(';'),
    r.categories.join(';'),
    r.featuredImage,
    r.location,
    r.seoTitle,
    r.seoDescription,
    String(r.allowComments),
    String(r.allowSharing),
    JSON.stringify(r.metadata),
    r.createdAt,
    r.publishedAt,
    r.editedAt,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export async function* csvExport(rows: AsyncIterable<ExportRow>): AsyncGenerator<string> {
  yield `${CONTENT_CSV_COLUMNS.join(',')}\r\n`;
  for await (const row of rows) yield csvRecord(row);
}
