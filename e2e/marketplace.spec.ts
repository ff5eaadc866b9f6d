// The buyer marketplace in a real browser (issue 13): a buyer finds a listing, orders it with the 4242
// card, the supplier confirms, ships and delivers from the workspace, the buyer tracks it, confirms
// receipt and rates it, and the supplier's earned rating appears; the quote-request path; axe on every
// buyer page in both themes; a buyer's dispute of a delivered order, refunded by an admin. Each test that sells uses a new supplier (a trader signed up through the
// API) in its own browser context; the buyer is the demo buyer (KYC approved, as ordering needs).
import type { Browser, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectToast, signUpVerifiedViaApi } from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { fillCard, TEST_CARDS } from './investing.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

async function signInDemoBuyer(page: Page) {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.buyer.email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A new supplier with a company of its own, signed in in a browser context of its own. */
async function newSupplier(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const company = `Konkan H2 ${Date.now().toString(36)}${test.info().workerIndex}`;
  await signUpVerifiedViaApi(page.request, 'trader', { companyName: company });
  return { page, company, close: () => context.close() };
}

type Supplier = Awaited<ReturnType<typeof newSupplier>>;

/** The supplier lists hydrogen through the API (50 t at $5.00/kg, 10 t minimum unless told). */
async function listingOf(supplier: Supplier, listing: Record<string, unknown> & { location: string }) {
  const listed = await supplier.page.request.post('/api/listings', {
    data: {
      availability: 'immediate',
      quantity: '50',
      unit: 'tonnes',
      pricePerKg: '5.00',
      minOrder: '10',
      ...listing,
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  return (await listed.json()) as { id: string };
}

test.describe('the buyer marketplace', () => {
  test('find, order with 4242, confirm, ship, deliver, track, receive, rate: the supplier earns the rating', async ({
    page,
    browser,
    baseURL,
  }) => {
    const supplier = await newSupplier(browser, baseURL!);
    const location = `Dahej ${supplier.company.slice(-6)}`;
    await listingOf(supplier, {
      location,
      quantity: '100',
      pricePerKg: '5.50',
      certifications: ['guarantee_of_origin', 'rfnbo', 'iscc_plus'],
    });

    await signInDemoBuyer(page);
    await page.goto('/buyer/offers');
    await page.getByLabel('Location').fill(location);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/buyer\/offers\?location=Dahej/);
    const listings = page
      .getByRole('list', { name: 'Listings' })
      .getByRole('listitem')
      .filter({ hasText: supplier.company });
    await expect(listings).toHaveCount(1);
    await expect(listings).toContainText('New supplier');
    // At most two certifications on a listing's card, and the rest counted ("+1"), named to screen readers.
    await expect(listings.getByRole('list', { name: 'Certifications' }).getByRole('listitem')).toHaveCount(2);
    await expect(listings.getByText('+1', { exact: true })).toBeVisible();
    await expect(listings).toContainText('and ISCC PLUS');
    await listings.getByRole('button', { name: /^Order Now/ }).click();

    const modal = page.getByRole('dialog', { name: `Order from ${supplier.company}` });
    await expect(modal).toBeVisible();
    // Below the listing's minimum the Pay button waits and says why; so it does while the field is empty.
    const pay = modal.getByRole('button', { name: /^Pay/ });
    await modal.getByLabel('Quantity (tonnes)').fill('5');
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('The minimum order for this listing is 10.00 tonnes');
    await modal.getByLabel('Quantity (tonnes)').fill('');
    await expect(pay).toHaveAccessibleDescription('Quantity is required');
    await modal.getByLabel('Quantity (tonnes)').fill('12');
    await expect(pay).toHaveAccessibleDescription('');
    await expect(modal.getByRole('button', { name: 'Pay $66,000.00' })).toBeVisible(); // 12,000 kg × $5.50
    await fillCard(modal, TEST_CARDS.succeeds);
    await modal.getByRole('button', { name: 'Pay $66,000.00' }).click();
    await expectToast(page, 'Order Placed', '$66,000.00 is held in escrow until you confirm delivery.');
    await expect(modal).toHaveCount(0);

    // The supplier moves it from the workspace.
    const workspace = supplier.page;
    await workspace.goto('/trader/marketplace');
    const incoming = workspace.getByRole('tabpanel').getByRole('listitem').filter({ hasText: location });
    await expect(incoming).toContainText('Pending');
    await incoming.getByRole('button', { name: 'Confirm order' }).click();
    await expect(incoming).toContainText('Confirmed');
    // Shipping waits for the promised date, and says so.
    const ship = incoming.getByRole('button', { name: 'Mark shipped' });
    await expect(ship).toBeDisabled();
    await expect(ship).toHaveAccessibleDescription('Pick the expected delivery date first.');
    await expect(incoming.getByText('Pick the expected delivery date first.')).toBeVisible();
    const promised = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await incoming.getByLabel('Expected delivery date').fill(promised);
    await expect(ship).toHaveAccessibleDescription('');
    await ship.click();
    await expect(incoming).toContainText('Shipped');

    // The buyer tracks it: placed, confirmed, shipped done; delivery still to come.
    await page.goto('/buyer/tracking');
    const tracked = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: supplier.company })
      .first();
    const timeline = tracked.getByRole('list', { name: /timeline$/ });
    await expect(timeline).toContainText(`Expected by ${promised}`);
    await expect(timeline.getByRole('listitem')).toHaveCount(5);

    await incoming.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(workspace.getByRole('tab', { name: /^Delivered \(1\)/ })).toBeVisible();

    await page.reload();
    await expect(tracked).toContainText('Delivered');
    await expect(tracked.getByRole('button', { name: 'Confirm receipt' })).toBeVisible();

    // Receipt releases the money: it is asked first, naming the amount and the supplier.
    await page.goto('/buyer/orders');
    await page.getByRole('tab', { name: /^Delivered/ }).click();
    const delivered = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: supplier.company });
    const confirmReceipt = delivered.getByRole('button', { name: 'Confirm receipt' });
    const rateOne = delivered.getByRole('button', { name: 'Rate 1 out of 5' });
    // Where the rating sits in its order's card (moving focus may scroll the page itself).
    const placeInCard = async () => {
      const [button, card] = [(await rateOne.boundingBox())!, (await delivered.boundingBox())!];
      return { x: button.x - card.x, y: button.y - card.y, width: button.width, height: button.height };
    };
    const rateOneBefore = await placeInCard();
    await confirmReceipt.click();
    const ask = page.getByRole('alertdialog', { name: 'Confirm receipt?' });
    await expect(ask).toContainText(`releases the $66,000.00 held in escrow to ${supplier.company}`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(confirmReceipt).toBeFocused();
    await expect(delivered).toContainText('Held in escrow');

    await confirmReceipt.click();
    await expectNoSeriousAxeViolations(page, 'the receipt confirmation', { include: '[role="alertdialog"]' });
    await ask.getByRole('button', { name: 'Confirm and release $66,000.00' }).click();
    await expectToast(page, 'Receipt Confirmed', 'Escrow was released to the supplier.');
    await expect(ask).toHaveCount(0);
    // Nothing moved into the place of another control; focus is on the order's new payment state.
    const releasedState = delivered.getByText('Receipt confirmed: payment released to the supplier');
    await expect(releasedState).toBeFocused();
    expect(await placeInCard()).toEqual(rateOneBefore);
    await expect(delivered).toContainText('Released to supplier');
    await delivered.getByRole('button', { name: 'Rate 5 out of 5' }).click();
    await expect(delivered).toContainText('Rated 5 / 5');
    // Received, it has left the tracking list.
    await page.goto('/buyer/tracking');
    await expect(
      page.getByRole('main').getByRole('listitem').filter({ hasText: supplier.company }),
    ).toHaveCount(0);

    // The supplier's rating is earned now, with its on-time rate.
    await page.goto('/buyer/offers');
    await page.getByLabel('Location').fill(location);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(listings).toContainText('5.0 / 5');
    const suppliers = await (await page.request.get('/api/suppliers?limit=100')).json();
    expect(suppliers).toContainEqual(
      expect.objectContaining({ name: supplier.company, rating: '5.0', delivered: 1, onTimeRate: '100.0' }),
    );
    await supplier.close();
  });

  test('a buyer disputes a delivered order; the admin refunds it from /admin/escrow', async ({
    page,
    browser,
    baseURL,
  }) => {
    const supplier = await newSupplier(browser, baseURL!);
    const location = `Kakinada ${supplier.company.slice(-6)}`;
    const listing = await listingOf(supplier, { location });

    // The demo buyer orders 10 t with the sandbox card (the order modal has its own test above).
    await signInDemoBuyer(page);
    const placed = await page.request.post('/api/orders', {
      data: { listingId: listing.id, quantity: '10' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order, paymentIntentId, clientSecret } = (await placed.json()) as {
      order: { id: string };
      paymentIntentId: string;
      clientSecret: string;
    };
    const paid = await page.request.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      data: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const recorded = await page.request.post(`/api/orders/${order.id}/payment`, {
      data: { paymentIntentId },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);

    // The supplier confirms, ships and delivers it.
    const promised = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const move of [
      { to: 'confirmed' },
      { to: 'shipped', expectedDeliveryDate: promised },
      { to: 'delivered' },
    ]) {
      const res = await supplier.page.request.post(`/api/orders/${order.id}/transitions`, { data: move });
      expect(res.status(), await res.text()).toBe(200);
    }
    await supplier.close();

    // The cargo arrived off-spec: instead of confirming receipt, the buyer disputes it, the reason first.
    await page.goto('/buyer/orders');
    await page.getByRole('tab', { name: /^Delivered/ }).click();
    const row = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: supplier.company });
    await expect(row).toContainText('Held in escrow');
    await row.getByRole('button', { name: 'Open a dispute' }).click();
    const form = row.getByRole('form', { name: 'Dispute this order' });
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await expect(form.getByLabel('What went wrong?')).toHaveAttribute('aria-invalid', 'true');
    await form
      .getByLabel('What went wrong?')
      .fill('The ammonia arrived at 97% purity, not the 99.5% ordered.');
    await expectNoSeriousAxeViolations(page, 'the order dispute form', {
      include: 'form[aria-label="Dispute this order"]',
    });
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await expectToast(
      page,
      'Dispute opened',
      'An admin will review it and either refund you or release the payment to the supplier.',
    );
    await expect(form).toHaveCount(0);
    await expect(row).toContainText('Disputed: an admin is reviewing it');
    // Frozen: the receipt (which would release the money) waits for the admin.
    await expect(row.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);

    // The admin refunds the buyer from the escrow console, in the buyer's and supplier's words.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInDemoAdmin(adminContext);
    await admin.goto('/admin/escrow');
    await admin.getByLabel('Status').selectOption('disputed');
    const disputed = admin
      .getByRole('main')
      .getByRole('row')
      .filter({ hasText: `from ${location}` });
    await expect(disputed).toContainText('$50,000.00');
    await expect(disputed).toContainText('97% purity');
    await disputed.getByRole('button', { name: 'Resolve Dispute' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Resolve Dispute' });
    await expect(dialog).toContainText('The buyer’s reason');
    await dialog.getByLabel('Note (audit log)').fill('Lab report confirms the purity shortfall');
    await dialog.getByRole('button', { name: 'Refund buyer' }).click();
    await expect(dialog).toHaveCount(0);
    await adminContext.close();

    // The buyer's order says where the money went: back to the card.
    await page.reload();
    await page.getByRole('tab', { name: /^Delivered/ }).click();
    await expect(row).toContainText('Refunded');
    await expect(row.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);
  });

  test('a paid order whose record call failed is recorded when the modal closes, and the buyer is told', async ({
    page,
    browser,
    baseURL,
  }) => {
    const supplier = await newSupplier(browser, baseURL!);
    const location = `Paradip ${supplier.company.slice(-6)}`;
    await listingOf(supplier, { location });
    await supplier.close();

    await signInDemoBuyer(page);
    // The first record call of the payment is lost on the way (a network failure).
    let recordCalls = 0;
    await page.route('**/api/orders/*/payment', (route) =>
      ++recordCalls === 1 ? route.abort('failed') : route.continue(),
    );
    await page.goto(`/buyer/offers?location=${encodeURIComponent(location)}`);
    await page
      .getByRole('button', { name: /^Order Now/ })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: `Order from ${supplier.company}` });
    await fillCard(modal, TEST_CARDS.succeeds);
    await modal.getByRole('button', { name: 'Pay $50,000.00' }).click();
    await expect(modal).toContainText(
      'Your payment of $50,000.00 went through. Try again to place your order.',
    );
    await expect(modal.getByLabel('Card number')).toHaveCount(0); // the card is not asked again

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
    await expectToast(
      page,
      'Payment recorded',
      `Your payment of $50,000.00 for 10.00 tonnes of hydrogen from ${supplier.company} was recorded.`,
    );
    expect(recordCalls).toBe(2);
    await page.goto('/buyer/orders');
    await expect(
      page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: supplier.company }),
    ).toContainText('Held in escrow');
  });

  test('a quote request: the supplier offers, the buyer accepts and pays it as an order', async ({
    page,
    browser,
    baseURL,
  }) => {
    const supplier = await newSupplier(browser, baseURL!);
    // A listing makes the new trader a supplier buyers can address.
    await listingOf(supplier, {
      location: 'Vizag',
      availability: '3-4-weeks',
      pricePerKg: '6.00',
      minOrder: '5',
    });
    await signInDemoBuyer(page);
    await page.goto('/buyer/offers');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Supplier').selectOption({ label: supplier.company });
    await form.getByLabel('Quantity').fill('7');
    await form.getByLabel('Delivery from').fill('2030-05-01');
    await form.getByLabel('Delivery until').fill('2030-05-31');
    const port = `Antwerp ${supplier.company.slice(-6)}`;
    await form.getByLabel('Destination port').fill(port);
    await form.getByLabel('RFNBO').check();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Quote Requested', 'Suppliers have been notified.');

    await supplier.page.goto('/trader/marketplace');
    const request = supplier.page
      .getByRole('list', { name: 'Quote requests' })
      .getByRole('listitem')
      .filter({ hasText: port })
      .first();
    await request.getByLabel('Price per kg').fill('5.80');
    await request.getByLabel('Valid until').fill('2030-04-30');
    await request.getByRole('button', { name: 'Send offer' }).click();
    await expect(request).toContainText('Your offer: $5.80 / kg ($40,600.00)');

    await page.reload();
    const mine = page
      .getByRole('list', { name: 'Your quote requests' })
      .getByRole('listitem')
      .filter({ hasText: port })
      .first();
    await mine.getByRole('button', { name: 'Accept offer' }).click();
    const modal = page.getByRole('dialog', { name: `Order from ${supplier.company}` });
    await fillCard(modal, TEST_CARDS.succeeds);
    await modal.getByRole('button', { name: 'Pay $40,600.00' }).click();
    await expectToast(page, 'Order Placed', '$40,600.00 is held in escrow until you confirm delivery.');
    await page.goto('/buyer/orders');
    await expect(
      page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: supplier.company }),
    ).toContainText('Held in escrow');
    await supplier.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the buyer pages in the ${theme} theme have no serious or critical axe violations`, async ({
      page,
    }) => {
      await setThemeBeforeLoad(page, theme);
      await signInDemoBuyer(page);
      for (const path of ['/buyer/dashboard', '/buyer/offers', '/buyer/orders', '/buyer/tracking']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, `${path} (${theme} theme)`);
      }
      // The order modal too.
      await page.goto('/buyer/offers');
      await page
        .getByRole('button', { name: /^Order Now/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `order modal (${theme} theme)`, {
        include: '[role="dialog"]',
      });
    });
  }

  test('the dashboard shows the spec texts: five stats, the marketplace, top suppliers and the order tabs', async ({
    page,
  }) => {
    await signInDemoBuyer(page);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Buyer Dashboard' })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Order figures' }).getByRole('heading')).toHaveText([
      'Total Orders',
      'Active Orders',
      'Total Spent',
      'Avg Price',
      'Success Rate',
    ]);
    await expect(
      main.getByRole('region', { name: 'Marketplace' }).getByRole('button', { name: /^Order Now/ }),
    ).toHaveCount(3);
    await expect(main.getByRole('region', { name: 'Top Suppliers' })).toContainText(
      'Bharat Green Fuels Pvt Ltd',
    );
    await expect(main.getByRole('tab')).toHaveText([/^Active/, /^Delivered/, /^Cancelled/, /^All Orders/]);
  });

  test('a buyer with more orders than a page pages through them; the tab counts the whole group', async ({
    page,
    browser,
    baseURL,
  }) => {
    const supplier = await newSupplier(browser, baseURL!);
    const listing = await listingOf(supplier, {
      location: 'Paging test, India',
      quantity: '1000',
      certifications: ['rfnbo'],
    });
    await supplier.close();

    // A buyer of their own (KYC approved by the demo admin), with 21 paid orders of 10 to 30 tonnes.
    await signUpVerifiedViaApi(page.request, 'buyer', { companyName: 'Paging Steel GmbH' });
    for (let i = 0; i < 21; i++) {
      const placed = await page.request.post('/api/orders', {
        data: { listingId: listing.id, quantity: String(10 + i) },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { order, clientSecret, paymentIntentId } = (await placed.json()) as {
        order: { id: string };
        clientSecret: string;
        paymentIntentId: string;
      };
      const paid = await page.request.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
        data: {
          clientSecret,
          card: { number: TEST_CARDS.succeeds.replaceAll(' ', ''), expMonth: 12, expYear: 2030, cvc: '123' },
        },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const recorded = await page.request.post(`/api/orders/${order.id}/payment`, {
        data: { paymentIntentId },
      });
      expect(recorded.status(), await recorded.text()).toBe(200);
    }

    await page.goto('/buyer/orders');
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { name: 'Active (21)' })).toBeVisible();
    const rows = main.getByRole('tabpanel').getByRole('listitem');
    const pages = main.getByRole('navigation', { name: 'Orders pages' });
    // Newest first: the 30-tonne order leads page 1 of 20; the first one, 10 tonnes, is alone on page 2.
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('30.00 tonnes');
    await expect(pages).toContainText('Page 1 of 2 (21 in all)');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 2 (21 in all)');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('10.00 tonnes');
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
