// Complaints in the browser (issue 19): a user finds the form from the procedure on /compliance, files a
// complaint with an attachment and gets a reference; an admin opens it from /admin/complaints and records
// an outcome; the complainant reads it on /complaints. New screens are looked at in light and dark, at
// 1280 px and 390 px, with an axe scan.
import { expectToast, signUpViaApi } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { followSystemTheme, lookAt } from './look.ts';
import { demoAdminContext, pdf, watchErrors } from './money.ts';

test('a user files a complaint with an attachment from /compliance; an admin records the outcome they then read', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await followSystemTheme(page);
  await signUpViaApi(page.request, 'buyer');

  await page.goto('/compliance');
  await page.getByRole('link', { name: 'complaint form' }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  const form = page.getByRole('form', { name: 'File a complaint' });

  // Nothing chosen and too short: each field says what it needs, and nothing is filed.
  await form.getByLabel('What happened, and what would put it right?').fill('Late.');
  await form.getByRole('button', { name: 'Send complaint' }).click();
  await expect(form.getByLabel('What is it about?')).toHaveAccessibleDescription(/Choose/);
  await expect(page.getByRole('list', { name: 'Your complaints' })).toHaveCount(0);
  await expect(page.getByText('You have not filed a complaint.')).toBeVisible();

  await form.getByLabel('What is it about?').selectOption({ label: 'A hydrogen order' });
  const text =
    'My order of 20 t was marked delivered on 3 November but the cargo arrived on 12 November. Please refund the demurrage.';
  await form.getByLabel('What happened, and what would put it right?').fill(text);
  await form.getByLabel('Attachment (optional)').setInputFiles(pdf('demurrage-invoice.pdf'));
  await form.getByRole('button', { name: 'Send complaint' }).click();

  const received = form.getByRole('status');
  await expect(received).toContainText(/Complaint received\. Your reference is HB-C-\d{4}-\d{6}/);
  const reference = /HB-C-\d{4}-\d{6}/.exec((await received.textContent())!)![0];
  const mine = page.getByRole('list', { name: 'Your complaints' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(reference);
  await expect(mine).toContainText('Being reviewed');
  await expect(mine.getByRole('link', { name: 'demurrage-invoice.pdf' })).toBeVisible();
  await lookAt(page, 'complaints page with a complaint filed');

  // ---- the admin decides it --------------------------------------------------------------------
  const adminContext = await demoAdminContext(browser);
  const admin = await adminContext.newPage();
  const adminErrors = watchErrors(admin);
  await followSystemTheme(admin);
  await admin.goto('/admin/complaints');
  const row = admin.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Being reviewed');
  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Complaint ${reference}` });
  await expect(dialog).toContainText(text);
  await expect(
    dialog.getByRole('link', { name: /Open the attachment \(demurrage-invoice\.pdf\)/ }),
  ).toBeVisible();
  await lookAt(admin, 'an admin opens a complaint', { scope: '[role="dialog"]' });

  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(dialog.getByLabel('Outcome')).toHaveAccessibleDescription(/Choose an outcome/);
  await dialog.getByLabel('Outcome').selectOption({ label: 'Partly upheld' });
  const response =
    'We refund the demurrage of the five days after the agreed window; the rest was port congestion.';
  await dialog.getByLabel('Response to the complainant').fill(response);
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expectToast(admin, 'Outcome recorded', `${reference}: Partly upheld.`);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Partly upheld');
  expect(adminErrors).toEqual([]);
  await adminContext.close();

  // ---- the complainant reads it ----------------------------------------------------------------
  await page.reload();
  await expect(mine).toContainText('Decided');
  await expect(mine).toContainText('Outcome: Partly upheld');
  await expect(mine).toContainText(response);
});
