// /buyer/orders: every order with its status, totals, payment (escrow) state and its message thread.
import { Page } from '@/components/layouts/page.tsx';
import { RoleOnly } from '@/features/auth/components/RoleOnly.tsx';
import { useOrders } from '../api/orders.ts';
import { OrderTabs } from '../components/OrderList.tsx';

const TITLE = 'My Orders';

function Orders() {
  const orders = useOrders();
  return (
    <Page
      title={TITLE}
      lead="Your bulk hydrogen orders from placement to delivery, with the money held in escrow until you confirm receipt."
    >
      {orders.isPending ? (
        <p aria-busy="true" className="text-sm text-muted-foreground">
          Loading your orders…
        </p>
      ) : orders.error ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your orders. {orders.error.message}
        </p>
      ) : (
        <OrderTabs orders={orders.data} actor="buyer" />
      )}
    </Page>
  );
}

export default function OrdersPage() {
  return (
    <RoleOnly role="buyer" title={TITLE} signedOutLead="Sign in as a buyer to see your orders.">
      {() => <Orders />}
    </RoleOnly>
  );
}
