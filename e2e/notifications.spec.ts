// The notification centre in a real browser (issue 22 item 3): a buyer keeps a page open while its
// order is placed, paid and confirmed through the API; the bell's count rises without a reload, the
// list shows the events, one is marked read, then all. At 390 px in the dark theme too, with axe.
import type { APIRequestContext } from '@playwright/test';
import { signUpVerifiedViaApi } from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { personContext } from './money.ts';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

/** The buyer orders 10 t of the listing and pays with the 4242 card, through the API: answers the order id. */
async function orderAndPay(client: APIRequestContext, listingId: string) {
  const placed = await client.post('/api/orders', { data: { listingId, quantity: '10' } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, clientSecret, paymentIntentId } = (await placed.json()) as {
    order: { id: string };
    clientSecret: string;
    paymentIntentId: string;
  };
  const paid = await client.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    data: { clientSecret, card: CARD },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const recorded = await client.post(`/api/orders/${order.id}/payment`, { data: { paymentIntentId } });
  expect(recorded.status(), await recorded.text()).toBe(200);
  return order.id;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications, / });

for (const look of [
  { name: 'desktop, light', theme: 'light' as const, width: 1280 },
  { name: '390 px, dark', theme: 'dark' as const, width: 390 },
]) {
  test(`the bell counts new events live; the list marks one and all read (${look.name})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: look.width, height: 844 });
    await setThemeBeforeLoad(page, look.theme);
    // A supplier with a listing, in a browser of its own.
    const supplierContext = await personContext(browser);
    const supplier = supplierContext.request;
    await signUpVerifiedViaApi(supplier, 'trader', {
      companyName: `Bell H2 ${Date.now().toString(36)}${test.info().workerIndex}`,
    });
    const listed = await supplier.post('/api/listings', {
      data: {
        location: 'Mundra',
        availability: 'immediate',
        quantity: '50',
        unit: 'tonnes',
        pricePerKg: '5.00',
        minOrder: '10',
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const listing = (await listed.json()) as { id: string };

    // The buyer's verification was approved: one notification already.
    await signUpVerifiedViaApi(page.request, 'buyer');
    await page.goto('/buyer/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    // Events happen elsewhere (the API): the open page's bell follows without a reload.
    const orderId = await orderAndPay(page.request, listing.id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    const confirmed = await supplier.post(`/api/orders/${orderId}/transitions`, {
      data: { to: 'confirmed' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const items = page.getByRole('list', { name: 'Your notifications' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText(`Order ${orderId.slice(0, 8)} ($50,000.00) confirmed`);
    await expect(items.nth(1)).toContainText('placed and paid');
    await expect(items.nth(2)).toContainText('Your verification is approved');
    await expectNoSeriousAxeViolations(page, `/notifications (${look.name})`);

    await items
      .first()
      .getByRole('button', { name: /^Mark as read/ })
      .click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await expect(items.first().getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);

    // Still live on the list: a new event appears at the top.
    const shipped = await supplier.post(`/api/orders/${orderId}/transitions`, {
      data: { to: 'shipped', expectedDeliveryDate: '2099-01-01' },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText('shipped');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    await supplierContext.close();
  });
}
