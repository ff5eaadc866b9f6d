// Guarantees of Origin in a real browser (issue 22, docs/carbon.md): the demo buyer opens the
// cancellation statement of a delivered order (seeded: its volume cancelled in the buyer's name at
// delivery), downloads its CBAM CSV, and the statement's verification page is read signed out — the
// same facts, nothing private. The listings show their carbon figure with the RFNBO badge. A new
// trader enters a certificate in the form with its document, and the demo admin approves it.
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectToast, signUpVerifiedViaApi } from './accounts.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

/** A one-page PDF: what the issuing body's document looks like to the server (its first bytes). */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function signInDemoBuyer(page: Page) {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.buyer.email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('the hydrogen trail', () => {
  test('a buyer opens the cancellation statement of a delivered order, downloads its CBAM file, and its verification page reads signed out', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInDemoBuyer(page);
    await page.goto('/buyer/orders');
    await page.getByRole('tab', { name: /^Delivered/ }).click();
    await page.getByRole('link', { name: 'Guarantee of Origin cancellation statement' }).first().click();

    await expect(
      page.getByRole('heading', { name: 'Guarantee of Origin cancellation statement' }),
    ).toBeVisible();
    const cancellation = page.getByRole('region', { name: 'Cancellation' });
    await expect(cancellation).toContainText('Cancelled in the name ofRhein Stahlwerke GmbH');
    await expect(page.getByRole('region', { name: 'Guarantee of Origin' })).toContainText('CertifHy');
    await expect(page.getByTitle(/^Below 3\.384 kg CO₂e per kg H₂/)).toBeVisible();
    const number = (await cancellation.getByText(/^HB-GO-\d{6}$/).textContent())!;
    await expectNoSeriousAxeViolations(page, 'the cancellation statement');

    // The CBAM file is a download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Carbon figures for CBAM (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`hydrogen-carbon-${number}.csv`);

    // The verification address printed on the statement, opened by a third party: no session at all.
    const verificationUrl = (await page
      .getByRole('region', { name: 'Verify this statement' })
      .getByRole('link')
      .textContent())!;
    expect(verificationUrl).toMatch(new RegExp(`^${baseURL}/verify/[A-Z2-9]{20}$`));
    const stranger = await browser.newContext({ baseURL });
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(verificationUrl);
      await expect(visitor.getByRole('status')).toContainText(
        `Valid: statement ${number}, cancelled in the name of Rhein Stahlwerke GmbH.`,
      );
      await expect(
        visitor.getByRole('region', { name: 'Carbon intensity of the delivered hydrogen' }),
      ).toContainText('kg CO₂e/kg H₂');
      const text = await visitor.locator('main').innerText();
      expect(text).not.toContain(DEMO.buyer.email);
      expect(text).not.toMatch(/\$\d/);
      await expectNoSeriousAxeViolations(visitor, 'the public verification page');
    } finally {
      await stranger.close();
    }
  });

  test('listings show their carbon figure, with the RFNBO badge only below the threshold', async ({
    page,
  }) => {
    await signInDemoBuyer(page);
    await page.goto('/buyer/offers');
    const kandla = page.getByRole('listitem').filter({ hasText: 'Kandla, India' }).first();
    await expect(kandla).toContainText('3.248 kg CO₂e/kg H₂');
    // The badge of the figure (not the listing's declared certifications): only below 3.384.
    await expect(kandla.getByTitle(/^Below 3\.384 kg CO₂e per kg H₂/)).toBeVisible();
    const paradip = page.getByRole('listitem').filter({ hasText: 'Paradip, India' }).first();
    await expect(paradip).toContainText('No certified figure yet');
    await expect(paradip.getByTitle(/^Below 3\.384/)).toHaveCount(0);
  });

  test('a trader enters a certificate with its document, the admin approves it, and the listing shows its figure', async ({
    page,
    browser,
    baseURL,
  }) => {
    const location = `Kakinada ${Date.now().toString(36)}${test.info().workerIndex}, India`;
    await signUpVerifiedViaApi(page.request, 'trader', {
      companyName: `Godavari H2 ${Date.now().toString(36)}${test.info().workerIndex}`,
    });
    const listed = await page.request.post('/api/listings', {
      data: {
        location,
        availability: 'immediate',
        quantity: '40',
        unit: 'tonnes',
        pricePerKg: '5.10',
        minOrder: '10',
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);

    await page.goto('/trader/certificates');
    await page
      .getByLabel('For', { exact: true })
      .selectOption({ label: `Listing: 40.00 tonnes from ${location}` });
    await page.getByLabel('Issuing body', { exact: true }).fill('CertifHy');
    await page.getByLabel('First certificate id', { exact: true }).fill('CH-IN-2026-090001');
    await page.getByLabel('Last certificate id', { exact: true }).fill('CH-IN-2026-091333');
    await page.getByLabel('Production plant', { exact: true }).fill('Kakinada Electrolyser 1');
    await page.getByLabel('Plant country', { exact: true }).fill('IN');
    await page.getByLabel('Production start', { exact: true }).fill('2026-03-01');
    await page.getByLabel('Production end', { exact: true }).fill('2026-05-31');
    await page.getByLabel('Volume (kg of hydrogen)', { exact: true }).fill('40000');
    await page.getByLabel('Production intensity (kg CO₂e per kg H₂)', { exact: true }).fill('0.500');
    await page.getByLabel('Shipping distance (km)', { exact: true }).fill('6000');
    await page
      .getByLabel("The issuing body's document (PDF, JPEG or PNG)", { exact: true })
      .setInputFiles({ name: 'go.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE_PDF });
    await page.getByRole('button', { name: 'Send for checking' }).click();
    const mine = page.getByRole('region', { name: 'Your certificates' });
    await expect(mine).toContainText('Awaiting check');
    await expect(mine).toContainText('2.238 kg CO₂e/kg H₂');
    await expectNoSeriousAxeViolations(page, 'the trader’s certificates');

    const adminContext = await browser.newContext({ baseURL });
    try {
      await signInDemoAdmin(adminContext);
      const admin = await adminContext.newPage();
      await admin.goto('/admin/certificates');
      const card = admin.getByRole('listitem').filter({ hasText: 'CH-IN-2026-090001' });
      await expect(card).toContainText(`Listing from ${location}`);
      await expectNoSeriousAxeViolations(admin, 'the admin’s certificates');
      await card.getByRole('button', { name: 'Approve' }).click();
      await expectToast(admin, 'Certificate approved', `Listing from ${location}`);
      await expect(card).toHaveCount(0);
    } finally {
      await adminContext.close();
    }

    await page.reload();
    await expect(page.getByRole('region', { name: 'Your certificates' })).toContainText('Approved');
    const listing = await page.request.get(`/api/listings/${((await listed.json()) as { id: string }).id}`);
    expect(((await listing.json()) as { carbonIntensity: string }).carbonIntensity).toBe('2.238');
  });
});
