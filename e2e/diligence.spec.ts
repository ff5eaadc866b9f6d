// Investor protection in the browser (issue 19): an admin reviews a new campaign on /admin/reviews
// (its documents, the checklist) and approves it, after which it appears on /campaigns; an investor
// revokes an investment from /portfolio within its four days and gets it back.
import { expect, test } from './fixtures.ts';
import { signUpVerifiedViaApi } from './accounts.ts';
import { createOwnCampaign } from './investing.ts';
import { demoAdminContext, invest, pdf, personContext } from './money.ts';

const DOCUMENT_KINDS = ['supply_contract', 'offtake_contract', 'financials'] as const;

test('an admin reviews a new campaign with its documents and approves it: it then appears in /campaigns', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // the demo admin's sign-in may wait for its next authenticator code
  const trader = await personContext(browser);
  const campaign = await createOwnCampaign(trader.request, {}, { approve: false });
  // Not public while it waits for review.
  const before = await page.request.get(`/api/campaigns/${campaign.id}`);
  expect(before.status()).toBe(404);
  for (const kind of DOCUMENT_KINDS) {
    const res = await trader.request.post(`/api/campaigns/${campaign.id}/documents`, {
      multipart: { kind, file: pdf(`${kind}.pdf`) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const admin = await demoAdminContext(browser);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/reviews');
  await expect(adminPage.getByRole('heading', { name: 'Campaign reviews' })).toBeVisible();
  await adminPage.getByRole('button', { name: `Review ${campaign.title}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Review campaign: ${campaign.title}` });
  await expect(dialog.getByRole('link', { name: /Open supply_contract\.pdf/ })).toBeVisible();
  const approve = dialog.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeDisabled();
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await approve.click();
  await expect(adminPage.getByText('Campaign Approved', { exact: true })).toBeVisible();
  await admin.close();

  await page.goto(`/campaigns?q=${encodeURIComponent(campaign.title.split(' ')[2]!)}`);
  await expect(page.getByRole('heading', { level: 3, name: campaign.title })).toBeVisible();
  await trader.close();
});

test('an investor revokes an investment from /portfolio within four days and gets it back', async ({
  page,
  browser,
}) => {
  // The campaign's approval may wait for the demo admin's next authenticator code (30-second steps).
  test.setTimeout(90_000);
  const trader = await personContext(browser);
  const campaign = await createOwnCampaign(trader.request);
  await signUpVerifiedViaApi(page.request, 'investor');
  await invest(page.request, campaign.id, '1000.00');

  await page.goto('/portfolio');
  const card = page.getByRole('article').filter({ hasText: campaign.title });
  await expect(card.getByText(/^You can revoke this investment until .+ UTC\.$/)).toBeVisible();
  await card.getByRole('button', { name: `Revoke the investment in ${campaign.title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this investment?' });
  await expect(confirm).toContainText('$1,000.00');
  await confirm.getByRole('button', { name: 'Revoke and refund' }).click();
  await expect(
    page.getByText('Investment revoked: your refund is on its way.', { exact: true }),
  ).toBeVisible();
  await expect(card.getByText('Revoked by you')).toBeVisible();
  await expect(card.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await trader.close();
});
