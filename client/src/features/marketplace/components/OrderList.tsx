// Orders in the spec's tabs (Active / Delivered / Cancelled / All Orders), paged by the server, with
// their totals and the actions the viewer may take: what ORDER_TRANSITIONS allows them, receipt (asked
// first, ReceiptConfirmation) and rating for the buyer.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  canDisputeOrder,
  ORDER_PAGE_SIZE,
  ORDER_PAYMENT_LABELS,
  ORDER_STATUS_LABELS,
  orderMovesFor,
  type Order,
  type OrderActor,
  type OrderStatus,
} from '@domain/orders.ts';
import { orderDocument } from '@domain/order-tracking.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TabList, tabPanelProps } from '@/components/ui/tabs.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { orderCountsQuery, useMoveOrder, usePagedOrders, useRateOrder } from '../api/orders.ts';
import { RECEIPT_STATE_ATTRIBUTE, ReceiptConfirmation, useAskReceipt } from './ReceiptConfirmation.tsx';
import { OrderDispute } from './OrderDispute.tsx';
import { describedByReason, DisabledHint } from '@/components/ui/disabled-hint.tsx';

export const ORDER_TABS = ['active', 'delivered', 'cancelled', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
const TAB_LABELS: Record<OrderTab, string> = {
  active: 'Active',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  all: 'All Orders',
};
/** Spec §8 empty states, verbatim. */
const EMPTY: Record<OrderTab, string> = {
  active: 'No active orders',
  delivered: 'No delivered orders yet',
  cancelled: 'No cancelled orders',
  all: 'No orders found',
};
const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'amber',
  confirmed: 'blue',
  shipped: 'violet',
  delivered: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/**
 * The viewer's orders in the spec's tabs, one server page at a time, each tab with its group's total.
 * `viewAll`: a short preview (the dashboard) with a link to the full list instead of pages.
 */
export function OrderTabs({
  actor,
  pageSize = ORDER_PAGE_SIZE.default,
  viewAll,
}: {
  actor: OrderActor;
  pageSize?: number;
  viewAll?: string;
}) {
  const idPrefix = useId();
  const [tab, setTab] = useState<OrderTab>('active');
  const counts = useQuery(orderCountsQuery);
  return (
    <ReceiptConfirmation>
      <div className="grid gap-4">
        <TabList
          idPrefix={idPrefix}
          label="Orders"
          tabs={ORDER_TABS}
          value={tab}
          onValueChange={setTab}
          renderTab={(t) => {
            const count = counts.data?.[t];
            return count === undefined ? TAB_LABELS[t] : `${TAB_LABELS[t]} (${count})`;
          }}
        />
        <div {...tabPanelProps(idPrefix, tab)}>
          {/* Keyed: each tab starts at its first page. */}
          <OrderPages key={tab} tab={tab} actor={actor} pageSize={pageSize} viewAll={viewAll} />
        </div>
      </div>
    </ReceiptConfirmation>
  );
}

function OrderPages({
  tab,
  actor,
  pageSize,
  viewAll,
}: {
  tab: OrderTab;
  actor: OrderActor;
  pageSize: number;
  viewAll?: string;
}) {
  const { list, total, page, setPage } = usePagedOrders(tab, pageSize);
  const yours = actor === 'buyer' ? 'your orders' : 'orders';
  return (
    <div
      aria-busy={list.isPlaceholderData || undefined}
      className={cn('grid gap-4', list.isPlaceholderData && 'opacity-60')}
    >
      {list.isPending ? (
        <p aria-busy="true" className="text-sm text-muted-foreground">
          Loading {yours}…
        </p>
      ) : list.error ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load {yours}. {list.error.message}
        </p>
      ) : list.data.orders.length ? (
        <ul className="grid gap-3">
          {list.data.orders.map((order) => (
            <OrderRow key={order.id} order={order} actor={actor} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {EMPTY[tab]}
        </p>
      )}
      {viewAll ? (
        total > pageSize && (
          <Link
            href={viewAll}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View all orders
          </Link>
        )
      ) : (
        <Pagination page={page} pageSize={pageSize} total={total} onPage={setPage} label="Orders" />
      )}
    </div>
  );
}

export function OrderRow({ order, actor }: { order: Order; actor: OrderActor }) {
  const counterpart = actor === 'buyer' ? order.supplierName : order.buyerName;
  return (
    <li className="rounded-lg border p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {counterpart} · {order.location}
          </p>
          <p className="text-muted-foreground">
            {order.quantity} {order.unit} at {formatUsdCents(order.pricePerKg)} / kg · ordered{' '}
            {formatDate(order.orderDate)}
            {order.deliveryDate && ` · delivery by ${formatDate(order.deliveryDate)}`}
          </p>
          <p className="text-muted-foreground">{ORDER_PAYMENT_LABELS[order.payment]}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} />
          <p className="text-base font-bold tabular-nums">{formatUsdCents(order.totalAmount)}</p>
        </div>
      </div>
      <OrderActions order={order} actor={actor} />
      <a
        className="mt-2 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(orderDocument(order))}`}
        download={`order-${order.id.slice(0, 8)}.txt`}
      >
        Download order confirmation
      </a>
      {order.certificate && (
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium">
          <Link
            href={order.certificate.statementUrl}
            className="text-primary underline-offset-4 hover:underline"
          >
            Guarantee of Origin cancellation statement
          </Link>
          <Link
            href={order.certificate.verificationUrl}
            className="text-primary underline-offset-4 hover:underline"
          >
            Public verification page
          </Link>
        </p>
      )}
    </li>
  );
}

const failed = (error: unknown) =>
  toast({
    title: 'Order Update Failed',
    description: serverMessageOf(error) ?? String(error),
    variant: 'destructive',
  });

function OrderActions({ order, actor }: { order: Order; actor: OrderActor }) {
  const id = useId();
  const move = useMoveOrder();
  const rate = useRateOrder();
  const askReceipt = useAskReceipt();
  const [deliveryDate, setDeliveryDate] = useState('');
  const moves = orderMovesFor(order.status, actor);
  const busy = move.isPending || rate.isPending;
  const go = (to: OrderStatus) => {
    const request =
      to === 'shipped'
        ? { to, expectedDeliveryDate: deliveryDate }
        : to === 'cancelled'
          ? { to, reason: actor === 'buyer' ? 'Withdrawn by the buyer' : 'Declined by the supplier' }
          : { to };
    move.mutate(
      { orderId: order.id, move: request as Parameters<typeof move.mutate>[0]['move'] },
      {
        onSuccess: () => toast({ title: `Order ${ORDER_STATUS_LABELS[to]}` }),
        onError: failed,
      },
    );
  };
  // A delivered order keeps a line for its receipt and one for its rating, whatever their state, so
  // that confirming or rating never moves a control into the place of another.
  const delivered = actor === 'buyer' && order.status === 'delivered';
  const canRate = delivered && order.rating === null;
  const canDispute = canDisputeOrder(order, actor);
  const shipReason = deliveryDate ? null : 'Pick the expected delivery date first.';
  if (!moves.length && !delivered && order.rating === null && !canDispute) return null;
  return (
    <div className="mt-3 grid gap-2">
      {(moves.length > 0 || delivered || canDispute) && (
        <div className="flex min-h-9 flex-wrap items-end gap-2">
          {moves.includes('confirmed') && (
            <Button size="sm" disabled={busy} onClick={() => go('confirmed')}>
              Confirm order
            </Button>
          )}
          {moves.includes('shipped') && (
            <>
              <label className="grid gap-1 text-xs" htmlFor={`${id}-date`}>
                Expected delivery date
                <Input
                  id={`${id}-date`}
                  type="date"
                  value={deliveryDate}
                  onChange={(e) => setDeliveryDate(e.target.value)}
                  className="h-8"
                />
              </label>
              <span className="grid gap-1">
                <Button
                  size="sm"
                  disabled={busy || !deliveryDate}
                  aria-describedby={describedByReason(`${id}-ship-why`, shipReason)}
                  onClick={() => go('shipped')}
                >
                  Mark shipped
                </Button>
                <DisabledHint id={`${id}-ship-why`} reason={shipReason} />
              </span>
            </>
          )}
          {moves.includes('delivered') && (
            <Button size="sm" disabled={busy} onClick={() => go('delivered')}>
              Mark delivered
            </Button>
          )}
          {moves.includes('cancelled') && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => go('cancelled')}>
              Cancel order
            </Button>
          )}
          {order.escrowStatus === 'disputed' && (
            <p className="inline-flex h-9 items-center text-sm text-amber-800 dark:text-amber-200">
              Disputed: an admin is reviewing it
            </p>
          )}
          {delivered &&
            order.escrowStatus !== 'disputed' &&
            (order.payment === 'held' ? (
              <Button size="sm" disabled={busy} onClick={() => askReceipt(order)}>
                Confirm receipt
              </Button>
            ) : (
              <p
                {...{ [RECEIPT_STATE_ATTRIBUTE]: order.id }}
                className="inline-flex h-9 items-center text-sm text-muted-foreground"
              >
                {order.payment === 'released'
                  ? 'Receipt confirmed: payment released to the supplier'
                  : `Payment: ${ORDER_PAYMENT_LABELS[order.payment]}`}
              </p>
            ))}
          {/* In this row: confirming receipt ends it without moving the rating below. */}
          {canDispute && <OrderDispute order={order} />}
        </div>
      )}
      {canRate ? (
        <div role="group" aria-label="Rate this order" className="flex min-h-9 items-center gap-1">
          <span className="text-xs text-muted-foreground">Rate:</span>
          {[1, 2, 3, 4, 5].map((n) => (
            <Button
              key={n}
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={`Rate ${n} out of 5`}
              onClick={() =>
                rate.mutate(
                  { orderId: order.id, rating: n },
                  { onSuccess: () => toast({ title: 'Thank you for rating' }), onError: failed },
                )
              }
            >
              {n}
            </Button>
          ))}
        </div>
      ) : (
        order.rating !== null && (
          <p className="flex min-h-9 items-center text-xs text-muted-foreground">Rated {order.rating} / 5</p>
        )
      )}
    </div>
  );
}
