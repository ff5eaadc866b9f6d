// /buyer/tracking: each open order's timeline (the shared Timeline, the same as campaign shipments),
// the supplier's promise, and the conversation with the supplier.
import { ORDER_PAGE_SIZE } from '@domain/orders.ts';
import { orderTimeline } from '@domain/order-tracking.ts';
import { Timeline } from '@/components/timeline.tsx';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { usePagedOrders } from '../api/orders.ts';
import { MessageThread } from '../components/MessageThread.tsx';
import { OrderRow, OrderStatusBadge } from '../components/OrderList.tsx';
import { ReceiptConfirmation } from '../components/ReceiptConfirmation.tsx';

const TITLE = 'Shipment Tracking';

function Tracking() {
  // Open orders, and delivered ones still waiting for the buyer's receipt (escrow held).
  const { list: orders, total, page, setPage } = usePagedOrders('tracking', ORDER_PAGE_SIZE.default);
  const open = orders.data?.orders ?? [];
  return (
    <Page
      title={TITLE}
      lead="Where each order is: confirmed, shipped, delivered — with the time of each step."
    >
      {/* Around every state of the list: the last order received leaves it empty under the dialog. */}
      <ReceiptConfirmation>
        {orders.isPending ? (
          <p aria-busy="true" className="text-sm text-muted-foreground">
            Loading your orders…
          </p>
        ) : open.length ? (
          <ul className="grid gap-4 lg:grid-cols-2">
            {open.map((order) => (
              <li key={order.id}>
                <Card className="h-full">
                  <CardHeader className="flex flex-row items-start justify-between gap-2 pb-2">
                    <div>
                      <h2 className="font-semibold">
                        {order.supplierName} · {order.quantity} {order.unit}
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        {order.location} · {formatUsdCents(order.totalAmount)}
                      </p>
                    </div>
                    <OrderStatusBadge status={order.status} />
                  </CardHeader>
                  <CardContent className="grid gap-4">
                    <Timeline
                      entries={orderTimeline(order)}
                      label={`Order ${order.id.slice(0, 8)} timeline`}
                    />
                    <ul>
                      <OrderRow order={order} actor="buyer" />
                    </ul>
                    <MessageThread
                      of={{ kind: 'order', id: order.id }}
                      label={`Messages with ${order.supplierName}`}
                    />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ) : orders.error ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load your orders. {orders.error.message}
          </p>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No active orders
          </p>
        )}
        <div className="mt-6">
          <Pagination
            page={page}
            pageSize={ORDER_PAGE_SIZE.default}
            total={total}
            onPage={setPage}
            label="Orders"
          />
        </div>
      </ReceiptConfirmation>
    </Page>
  );
}

export default function TrackingPage() {
  return (
    <RoleOnly role="buyer" title={TITLE} signedOutLead="Sign in as a buyer to track your orders.">
      {() => <Tracking />}
    </RoleOnly>
  );
}
