// Display formatting only: values arrive as decimal strings and are formatted exactly (Intl accepts
// decimal strings), never parsed to floats for arithmetic. Maths lives in domain/.
import type { Decimal } from '@domain/money.ts';

type Value = string | number | Decimal;
const text = (value: Value) => (typeof value === 'object' ? value.toString() : String(value));

const usd0 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// Intl.NumberFormat formats decimal strings exactly; the lib typing only lists number | bigint.
type Formattable = Parameters<Intl.NumberFormat['format']>[0];

/** $1,234,567 (whole dollars) — amounts on cards and tiles. */
export const formatUsd = (value: Value) => usd0.format(text(value) as unknown as Formattable);
/** $1.40 — prices per kg and exact amounts. */
export const formatUsdCents = (value: Value) => usd2.format(text(value) as unknown as Formattable);
/** 1,234.5 */
export const formatNumber = (value: Value) => number.format(text(value) as unknown as Formattable);
/** 300.0% from a percent value. */
export const formatPercent = (value: Value, digits = 1) =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(text(value) as unknown as Formattable)}%`;

// In UTC: a deadline is the end of its day in UTC, and must read as that day wherever the reader is.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
export const formatDate = (iso: string | Date) => dateFormat.format(new Date(iso));

// A moment (when a job failed, an email was sent): the day and the time, in UTC like dates, said so.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
export const formatDateTime = (iso: string | Date) => `${dateTimeFormat.format(new Date(iso))} UTC`;
