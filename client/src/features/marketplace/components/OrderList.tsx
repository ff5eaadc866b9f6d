// Orders in the spec's tabs (Active / Delivered / Cancelled / All Orders) with their totals and the
// actions the viewer may take: what ORDER_TRANSITIONS allows them, receipt and rating for the buyer.
import { useId, useState } from 'react';
import {
  inOrderGroup,
  ORDER_PAYMENT_LABELS,
  ORDER_STATUS_LABELS,
  orderDocument,
  orderMovesFor,
  type Order,
  type OrderActor,
  type OrderStatus,
} from '@domain/orders.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { TabList, tabPanelProps } from '@/components/ui/tabs.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useConfirmReceipt, useMoveOrder, useRateOrder } from '../api/orders.ts';

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

export function OrderTabs({ orders, actor }: { orders: Order[]; actor: OrderActor }) {
  const idPrefix = useId();
  const [tab, setTab] = useState<OrderTab>('active');
  const shown = orders.filter((o) => inOrderGroup(o.status, tab));
  return (
    <div className="grid gap-4">
      <TabList
        idPrefix={idPrefix}
        label="Orders"
        tabs={ORDER_TABS}
        value={tab}
        onValueChange={setTab}
        renderTab={(t) => `${TAB_LABELS[t]} (${orders.filter((o) => inOrderGroup(o.status, t)).length})`}
      />
      <div {...tabPanelProps(idPrefix, tab)}>
        {shown.length ? (
          <ul className="grid gap-3">
            {shown.map((order) => (
              <OrderRow key={order.id} order={order} actor={actor} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {EMPTY[tab]}
          </p>
        )}
      </div>
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
  const receipt = useConfirmReceipt();
  const rate = useRateOrder();
  const [deliveryDate, setDeliveryDate] = useState('');
  const moves = orderMovesFor(order.status, actor);
  const busy = move.isPending || receipt.isPending || rate.isPending;
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
  const canReceive = actor === 'buyer' && order.status === 'delivered' && order.payment === 'held';
  const canRate = actor === 'buyer' && order.status === 'delivered' && order.rating === null;
  if (!moves.length && !canReceive && !canRate && order.rating === null) return null;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
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
          <Button size="sm" disabled={busy || !deliveryDate} onClick={() => go('shipped')}>
            Mark shipped
          </Button>
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
      {canReceive && (
        <Button
          size="sm"
          disabled={busy}
          onClick={() =>
            receipt.mutate(order.id, {
              onSuccess: () =>
                toast({ title: 'Receipt Confirmed', description: 'Escrow was released to the supplier.' }),
              onError: failed,
            })
          }
        >
          Confirm receipt
        </Button>
      )}
      {canRate && (
        <div role="group" aria-label="Rate this order" className="flex items-center gap-1">
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
      )}
      {order.rating !== null && <p className="text-xs text-muted-foreground">Rated {order.rating} / 5</p>}
    </div>
  );
}
