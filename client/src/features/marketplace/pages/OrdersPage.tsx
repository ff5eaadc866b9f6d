// /buyer/orders: the buyer's orders, a page at a time, with their status, totals, payment (escrow) state and its message thread.
import { Page } from '@/components/layouts/page.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { OrderTabs } from '../components/OrderList.tsx';

const TITLE = 'My Orders';

function Orders() {
  return (
    <Page
      title={TITLE}
      lead="Your bulk hydrogen orders from placement to delivery, with the money held in escrow until you confirm receipt."
    >
      <OrderTabs actor="buyer" />
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
