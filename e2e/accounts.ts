// Shared steps of the account specs: the demo accounts, the dialog's forms, toasts, sign-in and
// sign-up through the UI or the API, and the development outbox.
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { request, type APIRequestContext, type Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { demoAdminState } from './two-factor-kit.ts';
import { suiteBaseUrl } from './suite-url.ts';
import { APPROPRIATENESS_QUESTIONS } from '../domain/investor-protection.ts';

export { DEMO, DEMO_ADMIN, DEMO_PASSWORD } from './demo-accounts.ts';
export const PREFERRED_ROLE_KEY = 'hydrobridge-preferred-role';
export const SPEC_INDUSTRIES = [
  'steel',
  'chemicals',
  'fertilizer',
  'refining',
  'transportation',
  'power',
  'other',
];

export type RoleLabel = 'Investor' | 'Trader' | 'Buyer';

let sequence = 0;
/** A username and email nobody has used yet in this run. */
export function newPerson(prefix: string) {
  const id = `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}${test.info().workerIndex}`;
  return { username: id, email: `${id}@example.com`, password: 'Electrolyser-2030' };
}

export const dialog = (page: Page) => page.getByRole('dialog');
export const signInForm = (page: Page) => dialog(page).getByRole('form', { name: 'Sign in' });
export const signUpForm = (page: Page) => dialog(page).getByRole('form', { name: 'Sign up' });
/** The toast on screen (Radix renders it in the notifications list; a modal dialog hides that from AT). */
export const toast = (page: Page) => page.locator('ol > li[data-state="open"]');
export const banner = (page: Page) => page.getByRole('banner');
export const roleSwitcher = (page: Page) => banner(page).getByRole('button', { name: /switch role/ });

export async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

export async function openDialog(page: Page, tab: 'Sign In' | 'Sign Up') {
  if (new URL(page.url()).pathname !== '/' || page.url() === 'about:blank') await page.goto('/');
  await banner(page).getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('tab', { name: tab }).click();
  await expect(dialog(page).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

export async function pickRole(page: Page, role: RoleLabel) {
  await dialog(page).getByRole('radio', { name: role }).check();
}

/** The control shows the message as its error: aria-invalid, and the message is its description. */
export async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(escape(message)));
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function fillSignUp(
  page: Page,
  person: { username: string; email: string; password: string },
  names: { firstName?: string; lastName?: string } = {},
) {
  const form = signUpForm(page);
  if (names.firstName) await form.getByLabel('First name').fill(names.firstName);
  if (names.lastName) await form.getByLabel('Last name').fill(names.lastName);
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm password').fill(person.password);
}

export async function signInThroughDialog(page: Page, role: RoleLabel, identifier: string, password: string) {
  await openDialog(page, 'Sign In');
  await pickRole(page, role);
  await signInForm(page).getByLabel('Email or username').fill(identifier);
  await signInForm(page).getByLabel('Password', { exact: true }).fill(password);
  await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function expectSignedInAs(page: Page, role: RoleLabel, firstName: string) {
  await expect(roleSwitcher(page)).toHaveText(role);
  await expect(banner(page).getByText(firstName, { exact: true })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  // Portfolio and Statements are an investor's pages; the other roles have their own (e2e/newcomer.spec.ts).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Browse Campaigns',
    'How It Works',
    ...(role === 'Investor' ? ['Portfolio', 'Statements'] : []),
  ]);
}

export async function signOut(page: Page) {
  await banner(page).getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Signed Out', 'You have been successfully signed out');
  await expect(banner(page).getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), PREFERRED_ROLE_KEY)).toBeNull();
}

/** An account made through the API; `client` keeps its session (page.request signs the page in). */
export async function signUpViaApi(
  client: APIRequestContext,
  role: 'investor' | 'trader' | 'buyer',
  extra: Record<string, unknown> = {},
) {
  const person = newPerson(role.slice(0, 3));
  const res = await client.post('/api/auth/signup', {
    data: {
      role,
      username: person.username,
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
      termsAccepted: true,
      riskDisclosureAccepted: role === 'investor',
      // Each company its own registration number: no two verified companies share name and number.
      ...(role === 'trader' && {
        companyName: 'Konkan Hydrogen LLP',
        registrationNumber: `AAB-${person.username}`,
      }),
      ...(role === 'buyer' && { companyName: 'Ruhr Ammonia AG', buyerIndustry: 'fertilizer' }),
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return person;
}

/** The newest `path` link emailed to `email`, read from the development outbox (DATA_DIR/outbox, one file each). */
export async function emailedLink(email: string, path: '/reset-password' | '/verify-email'): Promise<string> {
  const outbox = nodePath.join(process.env.HYDROBRIDGE_E2E_DATA_DIR!, 'outbox');
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const text = await fs.readFile(nodePath.join(outbox, name), 'utf8');
          if (!text.startsWith(`To: ${email}\n`)) continue;
          link = pattern.exec(text)?.[0] ?? '';
          if (link) return link;
        }
        return '';
      },
      { message: `a ${path} link emailed to ${email} in the development outbox` },
    )
    .not.toBe('');
  return link;
}

export const resetLinkFor = (email: string) => emailedLink(email, '/reset-password');

/** Opens the verification link emailed to `email` as its owner would (its page posts the token). */
export async function verifyEmailViaOutbox(client: APIRequestContext, email: string) {
  const token = new URL(await emailedLink(email, '/verify-email')).searchParams.get('token');
  const res = await client.post('/api/auth/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A small PDF, as a KYC upload's file. */
const kycPdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

/** The signed-in client uploads the KYC documents its role needs (the account goes Under Review). */
export async function uploadKycViaApi(client: APIRequestContext, role: 'investor' | 'trader' | 'buyer') {
  const res = await client.post('/api/kyc/documents', {
    multipart: {
      identity: kycPdf('passport.pdf'),
      address: kycPdf('utility-bill.pdf'),
      ...(role !== 'investor' && { company: kycPdf('registration.pdf') }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * An account made through the API that may move money: its email address verified through its
 * emailed link, its KYC documents uploaded, and approved by the demo admin (who opens each first).
 */
export async function signUpVerifiedViaApi(
  client: APIRequestContext,
  role: 'investor' | 'trader' | 'buyer',
  extra: Record<string, unknown> = {},
  { knowledgeTest = true }: { knowledgeTest?: boolean } = {},
) {
  const person = await signUpViaApi(client, role, extra);
  await verifyEmailViaOutbox(client, person.email);
  await uploadKycViaApi(client, role);
  await approveKycViaAdmin(person.email);
  // An investor ready to invest has taken the knowledge test (e2e/investor-protection.spec.ts takes it
  // in the modal).
  if (role === 'investor' && knowledgeTest) await passKnowledgeTest(client);
  return person;
}

/**
 * The knowledge test passed and the loss simulation done through the API, as the modal sends them: net
 * worth 100,000, so the risk warning starts above $5,000.
 */
export async function passKnowledgeTest(client: APIRequestContext) {
  const answers = Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct]));
  const res = await client.post('/api/investor/appropriateness', {
    data: { answers, income: '60000.00', liquidAssets: '50000.00', commitments: '10000.00' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The demo admin approves the KYC of the account with this email, through the admin API: first opening
 * each of its documents (the server refuses an approval before every document was opened).
 */
export async function approveKycViaAdmin(email: string) {
  const admin = await request.newContext({
    baseURL: suiteBaseUrl(),
    storageState: await demoAdminState(),
  });
  try {
    const list = await admin.get(`/api/admin/users?tab=pending-kyc&q=${encodeURIComponent(email)}`);
    const [user] = ((await list.json()) as { users: Array<{ id: string }> }).users;
    const detail = await admin.get(`/api/admin/users/${user!.id}`);
    for (const doc of ((await detail.json()) as { documents: Array<{ id: string }> }).documents)
      expect((await admin.get(`/api/kyc/documents/${doc.id}`)).status()).toBe(200);
    const res = await admin.post(`/api/admin/users/${user!.id}/kyc`, { data: { decision: 'approve' } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/**
 * The investor applies to be classed sophisticated (income and professional experience, with evidence)
 * and the demo admin approves: no reflection period holds back a campaign they fund, so its trading
 * may start at once (e2e/diligence.spec.ts covers a retail investor's four days).
 */
export async function becomeSophisticatedViaApi(client: APIRequestContext) {
  const applied = await client.post('/api/investor/classification', {
    multipart: {
      personType: 'natural',
      criteria: 'incomeOrPortfolio,professionalExperience',
      evidence: {
        name: 'payslips.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { latest } = (await applied.json()) as { latest: { id: string } };
  const admin = await request.newContext({ baseURL: suiteBaseUrl(), storageState: await demoAdminState() });
  try {
    const res = await admin.post(`/api/admin/classifications/${latest.id}`, {
      data: { decision: 'approve' },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}
