import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentType } from '../../../domain/kyc.ts';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

// Uploaded files (docs/security.md, "Uploads"): stored in the database, in chunks of at most 256 KiB
// written as the upload arrives and read back one by one as the download leaves, so neither ever holds
// a whole file in memory; every instance reads them through the connection it already has, and they go
// with the database's backups. A file is `committed` in the same transaction as the document row that
// points to it; an upload refused or cut short is deleted at once, and one an instance lost while
// writing (a crash) by the hourly sweep.
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Read from the content's first bytes, never from the upload's name or header. */
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull().default(0),
    committed: boolean('committed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.ownerId, t.createdAt),
    index('stored_files_uncommitted_idx')
      .on(t.createdAt)
      .where(sql`not ${t.committed}`),
    check('stored_files_size_check', sql`${t.size} >= 0 and ${t.size} <= 10485760`),
  ],
);

export const FILE_CHUNK_BYTES = 256 * 1024;

export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.seq] }),
    check('file_chunks_size_check', sql`octet_length(${t.data}) between 1 and 262144`),
  ],
);
