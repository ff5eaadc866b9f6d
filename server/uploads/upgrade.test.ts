// Upgrading a database from before chunked files (migration 0012): every document's bytes move into
// chunks of at most 256 KiB under a file with the document's id, and read back identical.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { queryRows } from '../db/connect.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { readFile } from './storage.ts';

const BEFORE_CHUNKS = 11;

it('moves every KYC document into chunks, byte for byte', async () => {
  const database = await openTestDatabase({ withoutTables: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= BEFORE_CHUNKS);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: dir });
  else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: dir });
  fs.rmSync(dir, { recursive: true, force: true });

  // The users table as it was at 0011 (later migrations add columns the current schema would write).
  const [user] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (username, password, role, email, email_verified, country, kyc_status, terms_accepted)
      values ('before-chunks', 'not-a-hash', 'investor', 'before-chunks@test.example', true, 'GB', 'under_review', true)
      returning id`,
  );
  const big = Buffer.alloc(600 * 1024 + 7, 3);
  Buffer.from('%PDF-1.7').copy(big);
  const small = Buffer.from('%PDF-1.4\n%%EOF\n');
  for (const [kind, content] of [
    ['identity', big],
    ['address', small],
  ] as const)
    await database.db.execute(sql`insert into verification_documents
      (user_id, kind, file_name, content_type, size, content)
      values (${user!.id}, ${kind}, ${kind + '.pdf'}, 'application/pdf', ${content.length}, decode(${content.toString('hex')}, 'hex'))`);

  await database.migrate();

  const docs = await queryRows<{ id: string; file_id: string; kind: string }>(
    database.db,
    sql`select id, file_id, kind from verification_documents order by kind`,
  );
  expect(docs.map((d) => d.file_id)).toEqual(docs.map((d) => d.id));
  const chunks = await queryRows<{ file_id: string; n: string; largest: number }>(
    database.db,
    sql`select file_id, count(*) as n, max(octet_length(data)) as largest from file_chunks group by file_id`,
  );
  expect(chunks.map((c) => Number(c.n)).sort()).toEqual([1, 3]);
  const read = async (id: string) => {
    const parts: Buffer[] = [];
    for await (const part of readFile(database.db, id)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };
  expect((await read(docs.find((d) => d.kind === 'identity')!.file_id)).equals(big)).toBe(true);
  expect((await read(docs.find((d) => d.kind === 'address')!.file_id)).equals(small)).toBe(true);
});
