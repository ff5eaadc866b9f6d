// Guarantees of Origin in a real browser (issue 22, docs/carbon.md): the demo buyer opens the
// cancellation statement of a delivered order (seeded: its volume cancelled in the buyer's name at
// delivery), downloads its CBAM CSV, and the statement's verification page is read signed out — the
// same facts, nothing private. The listings show their carbon figure with the RFNBO badge.
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './accounts.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

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
});
