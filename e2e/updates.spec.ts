// Campaign updates and questions in a real browser (issue 22 items 1 and 2, docs/updates.md): the demo
// trader posts a backers-only update on a campaign the demo investor backs; the investor reads it on
// the campaign page (a signed-out visitor sees only that one is for backers), asks a question in the
// form, the trader answers (through the API), and the investor sees the answer on the campaign page
// and the update on /portfolio; they follow the campaign and unfollow it from /portfolio. Axe on both
// pages; no sideways scrolling at 390 px.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectToast } from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test } from './fixtures.ts';

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a backer reads a backers-only update, asks a question and sees the trader’s answer', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = randomUUID().slice(0, 8);
  const updateTitle = `Cargo insured ${run}`;
  const questionText = `Which port agent handles the unloading? (${run})`;
  const answerText = `Our agent in Rotterdam, Vopak, handles it (${run}).`;

  const traderContext = await browser.newContext({ baseURL });
  const visitorContext = await browser.newContext({ baseURL });
  try {
    const trader = traderContext.request;
    await signIn(trader, DEMO.trader.email);
    // A campaign of the demo trader that the demo investor backs (other tests add campaigns of other
    // traders to the investor's portfolio).
    const me = await (await trader.get('/api/auth/me')).json();
    const own = await (await trader.get(`/api/campaigns?traderId=${me.id}&limit=50`)).json();
    const ownIds = new Set((own as Array<{ id: string }>).map((c) => c.id));
    await signIn(page.request, DEMO.investor.email);
    const portfolio = await (await page.request.get('/api/portfolio')).json();
    const backed = (portfolio.investments as Array<{ campaignId: string; status: string }>).find(
      (i) => i.status === 'confirmed' && ownIds.has(i.campaignId),
    )!;
    expect(backed, "the demo investor backs one of the demo trader's campaigns").toBeTruthy();
    const campaignId = backed.campaignId;
    const posted = await trader.post(`/api/campaigns/${campaignId}/updates`, {
      data: { title: updateTitle, body: 'The cargo is insured door to door.', audience: 'backers' },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    // The backer reads it, with its audience.
    await page.goto(`/campaigns/${campaignId}`);
    const updates = page.getByRole('region', { name: 'Updates' });
    const update = updates.getByRole('article', { name: updateTitle });
    await expect(update).toContainText('The cargo is insured door to door.');
    await expect(update).toContainText('Backers only');

    // A signed-out visitor does not, and is told there is one for backers.
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/campaigns/${campaignId}`);
    const theirs = visitor.getByRole('region', { name: 'Updates' });
    await expect(theirs.getByRole('note')).toContainText(
      /for backers only\. Back this campaign to read them\./,
    );
    await expect(theirs).not.toContainText(updateTitle);
    await expect(visitor.getByRole('button', { name: 'Sign in to ask a question' })).toBeVisible();

    // The backer asks.
    const questions = page.getByRole('region', { name: 'Questions and answers' });
    await questions.getByLabel('Your question').fill(questionText);
    await questions.getByRole('button', { name: 'Ask question' }).click();
    await expectToast(page, 'Question posted', 'We email you when the trader answers.');
    const asked = questions.getByRole('listitem').filter({ hasText: questionText });
    await expect(asked).toContainText('You asked');
    await expect(asked).toContainText('Not answered yet.');

    // The trader answers through the API.
    const list = await (await trader.get(`/api/campaigns/${campaignId}/questions`)).json();
    const question = (list.items as Array<{ id: string; body: string }>).find(
      (q) => q.body === questionText,
    )!;
    const answered = await trader.post(`/api/campaigns/${campaignId}/questions/${question.id}/answer`, {
      data: { body: answerText },
    });
    expect(answered.status(), await answered.text()).toBe(200);

    // The answer reaches the backer's notification centre as it happens, without a reload.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications, / })
      .click();
    await expect(page.getByRole('main')).toContainText(/Your question on .+ was answered/);
    await page.goBack();

    await page.reload();
    const withAnswer = page
      .getByRole('region', { name: 'Questions and answers' })
      .getByRole('listitem')
      .filter({ hasText: questionText });
    await expect(withAnswer).toContainText('The trader answered on');
    await expect(withAnswer).toContainText(answerText);
    await expectNoSeriousAxeViolations(page, 'the campaign page with updates and questions');

    // Usable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(withAnswer).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The backer follows the campaign (its public updates and the deadline reminder).
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const follow = page.getByRole('button', { name: `Follow ${title}` });
    await follow.click();
    await expectToast(
      page,
      'Following this campaign',
      'We email you its public updates and a reminder 48 hours before funding closes.',
    );
    await expect(page.getByRole('button', { name: `Following ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The update is on the portfolio too, and the followed campaign, which the backer unfollows there.
    await page.goto('/portfolio');
    const recent = page.getByRole('region', { name: 'Updates from your campaigns' });
    await expect(recent.getByRole('article', { name: updateTitle })).toBeVisible();
    const following = page.getByRole('region', { name: 'Following' });
    await expect(following.getByRole('link', { name: title })).toBeVisible();
    for (const section of ['recent-updates-heading', 'following-heading'])
      await expectNoSeriousAxeViolations(page, `the portfolio's ${section}`, {
        include: `section[aria-labelledby="${section}"]`,
      });
    await following.getByRole('button', { name: `Unfollow ${title}` }).click();
    await expect(following).toContainText('You follow no campaigns.');
  } finally {
    await traderContext.close();
    await visitorContext.close();
  }
});

test('the trader posts a backers-only update with a file from the campaign page (dark theme, 390 px)', async ({
  page,
}) => {
  const title = `Bill of lading ${randomUUID().slice(0, 8)}`;
  await setThemeBeforeLoad(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, DEMO.trader.email);
  const me = await (await page.request.get('/api/auth/me')).json();
  const list = await (await page.request.get('/api/campaigns?limit=50')).json();
  const campaign = (list as Array<{ id: string; traderId: string }>).find((c) => c.traderId === me.id)!;
  expect(campaign, 'the demo trader runs a public campaign').toBeTruthy();

  await page.goto(`/campaigns/${campaign.id}`);
  const form = page.getByRole('form', { name: 'Post an update' });
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill('The bill of lading is attached.');
  await form.getByLabel('Backers only').check();
  await form.getByLabel('Files (optional)').setInputFiles({
    name: 'bill-of-lading.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  });
  await form.getByRole('button', { name: 'Post update' }).click();
  await expectToast(page, 'Update posted', 'Your backers can read it now and get an email.');

  const update = page.getByRole('region', { name: 'Updates' }).getByRole('article', { name: title });
  await expect(update).toContainText('Backers only');
  await expect(update.getByRole('link', { name: 'bill-of-lading.pdf' })).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expectNoSeriousAxeViolations(page, 'the campaign page with the trader’s update form (dark)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
