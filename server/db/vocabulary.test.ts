// sqlIn renders a group as the very text the CHECK constraints and migrations hold, and refuses
// anything that is not a plain status word (it is inlined, not bound).
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { INVESTMENT_STATUS_GROUPS } from '../../domain/investments.ts';
import { investments } from './schema/index.ts';
import { sqlIn, sqlNotIn } from './vocabulary.ts';

const render = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q);

describe('sqlIn', () => {
  it('renders a named group as an in-list of literals', () => {
    expect(render(sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.kept))).toEqual({
      sql: `"investments"."status" in ('confirmed', 'paid_out')`,
      params: [],
    });
    expect(render(sqlNotIn(sql`i.status`, INVESTMENT_STATUS_GROUPS.unpaid)).sql).toBe(
      `i.status not in ('pending', 'expired', 'voided')`,
    );
  });

  it('refuses an empty group and anything but a status word', () => {
    expect(() => sqlIn(sql`x`, [])).toThrow(/empty group/);
    expect(() => sqlIn(sql`x`, ["a'); drop table users; --"])).toThrow(/not a status word/);
  });
});
