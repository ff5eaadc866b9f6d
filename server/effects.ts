// What a commit on the app's database handle sets off: the public list caches to clear and the
// notices to queue. They belong to one app context (server/context.ts), which binds them to the
// database handle it gives features (`ctx.db`): a service deep in the money module announces through
// the `tx` it already holds, without a module-level registry. A handle no context made (a script's,
// a migration's) has none: nothing is cached through it and nothing is announced.
import type { Db } from './db/connect.ts';
import { rootDb, type Tx } from './db/transaction.ts';
import type { CampaignListCache } from './features/campaigns/index.ts';
import type { LifecycleHooks } from './features/campaigns/index.ts';
import type { ListingPageCache } from './features/marketplace/index.ts';
import type { Notify } from './features/marketplace/index.ts';
import type { NoticeDeps } from './features/notifications/index.ts';

export interface AppEffects {
  /** The public campaign list (campaigns/service.ts), cleared after every commit that changes it. */
  campaignLists: CampaignListCache;
  /** The public listing pages (marketplace/listings.ts), cleared the same way. */
  listingPages: ListingPageCache;
  /** Emails of the campaign lifecycle, queued in the announcing transaction (lifecycle/notices.ts). */
  lifecycle: LifecycleHooks;
  /** How an order's parties hear of a payment the money module captured (marketplace/notify.ts). */
  orderNotices: { notify: Notify } | undefined;
  /** The outbox and clock notify() uses (features/notifications/notify.ts). */
  notices: NoticeDeps | undefined;
}

const EFFECTS = Symbol('hydrobridge.effects');

/**
 * A handle on the same database whose transactions carry `effects`. The original handle is left as
 * it was (two contexts on one database do not share caches or hooks).
 */
export function bindEffects(db: Db, effects: AppEffects): Db {
  return Object.create(db, { [EFFECTS]: { value: effects, enumerable: false } }) as Db;
}

/** The effects of the context `db` (or the transaction's database) belongs to, if any. */
export function effectsOf(db: Db | Tx): AppEffects | undefined {
  return (rootDb(db) as Db & { [EFFECTS]?: AppEffects })[EFFECTS];
}
