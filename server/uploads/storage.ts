// Files in the database, in chunks (server/db/schema/files.ts): written chunk by chunk as an upload
// arrives, read back chunk by chunk as a download leaves. Memory per transfer is one chunk (256 KiB)
// whatever the file's size, and any instance on the same database reads what another wrote.
import { Readable } from 'node:stream';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { detectDocumentType, type DocumentType } from '../../domain/kyc.ts';
import type { Db } from '../db/connect.ts';
import { FILE_CHUNK_BYTES } from '../db/schema/files.ts';
import { fileChunks, storedFiles } from '../db/schema/index.ts';
import type { Tx } from '../db/transaction.ts';

/** A file received with an upload, stored but not yet committed. */
export interface ReceivedFile {
  field: string;
  fileName: string;
  fileId: string;
  contentType: DocumentType;
  size: number;
}

/** A file being written: `write` as bytes arrive (waits while its chunk is stored), then `finish`. */
export interface FileWriter {
  readonly id: string;
  /** Bytes written so far. */
  readonly size: number;
  write(bytes: Buffer): Promise<void>;
  /** Stores the last partial chunk and the file's size; the file stays uncommitted. */
  finish(): Promise<number>;
}

/** Starts a new (uncommitted) file of `ownerId`; its type is known from the first bytes already. */
export async function createFile(db: Db, ownerId: string, contentType: DocumentType): Promise<FileWriter> {
  const [row] = await db
    .insert(storedFiles)
    .values({ ownerId, contentType })
    .returning({ id: storedFiles.id });
  const id = row!.id;
  // One chunk-sized buffer per file, filled as bytes arrive and reused once its chunk is stored (the
  // insert has completed by then): an upload allocates no garbage per chunk.
  const chunk = Buffer.allocUnsafe(FILE_CHUNK_BYTES);
  let filled = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    await db.insert(fileChunks).values({ fileId: id, seq: seq++, data: chunk.subarray(0, filled) });
    filled = 0;
  };
  return {
    id,
    get size() {
      return size;
    },
    async write(bytes) {
      size += bytes.length;
      let offset = 0;
      while (offset < bytes.length) {
        const n = bytes.copy(chunk, filled, offset);
        filled += n;
        offset += n;
        if (filled === FILE_CHUNK_BYTES) await flush();
      }
    },
    async finish() {
      if (filled > 0) await flush();
      await db.update(storedFiles).set({ size }).where(eq(storedFiles.id, id));
      return size;
    },
  };
}

/** Stores a whole buffer as one committed file (seed data and tests; uploads stream with createFile). */
export async function storeBuffer(
  db: Db | Tx,
  ownerId: string,
  contentType: DocumentType,
  content: Buffer,
): Promise<string> {
  const [row] = await db
    .insert(storedFiles)
    .values({ ownerId, contentType, size: content.length, committed: true })
    .returning({ id: storedFiles.id });
  for (let seq = 0; seq * FILE_CHUNK_BYTES < content.length; seq++)
    await db.insert(fileChunks).values({
      fileId: row!.id,
      seq,
      data: content.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES),
    });
  return row!.id;
}

/** A whole buffer as a received (uncommitted) file, its type read from its content: the seed's uploads. */
export async function receiveBuffer(
  db: Db,
  ownerId: string,
  field: string,
  fileName: string,
  content: Buffer,
): Promise<ReceivedFile> {
  const contentType = detectDocumentType(content.subarray(0, 8));
  if (!contentType || content.length === 0) throw new Error(`${fileName} is not a PDF, JPEG or PNG file`);
  const writer = await createFile(db, ownerId, contentType);
  await writer.write(content);
  const size = await writer.finish();
  return { field, fileName, fileId: writer.id, contentType, size };
}

/** Marks files as kept, inside the transaction that writes the rows pointing to them. */
export async function commitFiles(tx: Db | Tx, ids: string[]): Promise<void> {
  if (ids.length) await tx.update(storedFiles).set({ committed: true }).where(inArray(storedFiles.id, ids));
}

/** Deletes files and their chunks (a refused or abandoned upload; documents replaced). */
export async function deleteFiles(db: Db | Tx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(storedFiles).where(inArray(storedFiles.id, ids));
}

/** Chunks read per query while streaming a download (1 MiB). */
const CHUNKS_PER_READ = 4;

/** A file's bytes as a stream, read from the database a few chunks at a time as the client takes them. */
export function readFile(db: Db, fileId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += CHUNKS_PER_READ) {
      const rows = await db
        .select({ data: fileChunks.data })
        .from(fileChunks)
        .where(
          and(
            eq(fileChunks.fileId, fileId),
            gte(fileChunks.seq, seq),
            lt(fileChunks.seq, seq + CHUNKS_PER_READ),
          ),
        )
        .orderBy(asc(fileChunks.seq));
      for (const row of rows) yield row.data;
      if (rows.length < CHUNKS_PER_READ) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Bytes `ownerId` uploaded since `since` (kept or still arriving): the upload budget's count. */
export async function bytesUploadedSince(db: Db, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, ownerId), gte(storedFiles.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Housekeeping: uploads never committed an hour after they began (an instance lost mid-upload). */
export async function pruneAbandonedFiles(db: Db | Tx, now: Date): Promise<number> {
  const deleted = await db
    .delete(storedFiles)
    .where(
      and(eq(storedFiles.committed, false), lt(storedFiles.createdAt, new Date(now.getTime() - 3_600_000))),
    )
    .returning({ id: storedFiles.id });
  return deleted.length;
}
