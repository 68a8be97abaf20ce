// The educational site (issue 3): every route of the specification's section 2 with its headings and quoted
// texts, scanned by axe-core; the home page's buttons, the query bar, the symptom explorer, the treatment
// cards and the eight condition pages; and no page wider than a 360 px phone.
import { expectNoAxeViolations } from './support/axe';
import { keepStore, withoutChatWidget } from './support/chat-widget';
import { errorToast, toast } from './support/toast';
import { CONDITIONS } from '@hhp/proto/catalogue/conditions';
import { MODALITIES } from '@hhp/proto/catalogue/modalities';
import { CONDITION_LABEL, DISCLAIMER } from '@hhp/proto/catalogue/practitioner';
import { SYMPTOM_CATEGORIES } from '@hhp/proto/catalogue/symptom-categories';
import { expect, test, type Page, type Route } from '@playwright/test';

const NAME = 'Dr. Helen';
/** The id a Symptom Explorer analysis comes back with (its perspectives send it). */
const ANALYSIS_ID = 'analysisOfTheTest00001';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const queryBox = (page: Page) => page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` });

/** Answers /api/query-ai like the service does, with the given text. */
function answerWith(response: string, extra: Record<string, unknown> = {}) {
  return (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        response,
        isCrisis: false,
        queriesUsed: 1,
        queriesAllowed: 3,
        isSubscriber: false,
        sources: [],
        ...extra,
      }),
    });
}

interface RouteCase {
  path: string;
  heading: string | RegExp;
  texts?: (string | RegExp)[];
}

const ROUTES: RouteCase[] = [
  {
    path: '/',
    heading: 'Holistic health, explained with care',
    texts: [
      `Talk to ${NAME}'s AI`,
      'Watch Introduction',
      '10,000+',
      'patients helped',
      'years of expertise',
      'How It Works',
      'Share Your Symptoms',
      'AI Analysis',
      'Personalized Treatment',
      'Symptom Explorer',
      'Treatment Modalities',
      'Video Library',
      'Join our community',
      'Subscribe - $19/month',
      DISCLAIMER,
    ],
  },
  {
    path: '/symptoms',
    heading: 'Symptom Explorer',
    texts: [...SYMPTOM_CATEGORIES.map((category) => category.name), 'Analyze Symptoms', 'Describe by voice'],
  },
  {
    path: '/treatments',
    heading: 'Treatment Modalities',
    texts: [...MODALITIES.map((modality) => modality.name), 'Schedule Your Session'],
  },
  { path: '/videos', heading: 'Video Library', texts: ['Published everywhere, automatically'] },
  { path: '/book', heading: 'Book Session' },
  { path: '/book-session', heading: 'Book Session' },
  // /checkout with a booked session, and its axe scan, are in checkout.spec.ts (an unknown id goes back to /book).
  { path: '/subscribe', heading: 'Monthly Subscription' },
  { path: '/subscription-confirmed', heading: 'Subscription Confirmed' },
  { path: '/session-confirmed', heading: 'Session Confirmed' },
  ...CONDITIONS.map((condition) => ({
    path: condition.path,
    heading: condition.title,
    texts: [
      condition.subtitle,
      CONDITION_LABEL,
      DISCLAIMER,
      'Book AI Session - $9/hour',
      'Subscribe - $19/month',
      ...condition.rootCauses.map((cause) => cause.title),
      ...condition.approaches.map((approach) => approach.title),
      ...condition.tips,
    ],
  })),
  { path: '/no/such/page', heading: '404 Page Not Found' },
];

test.describe('every route of the specification', () => {
  for (const route of ROUTES) {
    test(`when ${route.path} is opened, then its heading and texts show and axe finds no violations`, async ({
      page,
    }) => {
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.heading);
      await expect(h1(page)).toHaveCount(1);
      for (const text of route.texts ?? []) {
        await expect(page.getByText(text, { exact: typeof text === 'string' }).first()).toBeVisible();
      }
      // Once on every page: in the footer, or in the condition pages' own bar (then not in the footer).
      await expect(page.getByText(DISCLAIMER, { exact: true })).toHaveCount(1);
      // The video library settles before the scan, so skeletons are not what axe sees.
      if (route.path === '/videos') {
        await expect(page.locator('section[aria-busy="false"], [role="alert"]').first()).toBeAttached();
      }
      await expectNoAxeViolations(page);
    });
  }

  test('when /checkout is opened without a sessionId, then the visitor is sent to /book', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/book$/);
    await expect(h1(page)).toHaveText('Book Session');
  });

  test('when the query bar pages are opened, then each has the query bar', async ({ page }) => {
    for (const path of ['/', '/symptoms', '/treatments', '/videos', '/book']) {
      await page.goto(path);
      await expect(queryBox(page)).toBeVisible();
    }
    await page.goto('/book');
    await expect(queryBox(page)).toHaveAttribute(
      'placeholder',
      'Ask me about session types, scheduling, or what to expect...',
    );
  });
});

/** What the payments service answers when it has no Stripe keys. */
const PAYMENTS_OFF = {
  status: 503,
  contentType: 'application/json',
  body: '{"message":"Payment service unavailable"}',
};

test.describe('the home page', () => {
  test('when "Talk to the AI" is pressed, then the chat widget opens with focus in its input', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Talk to ${NAME}'s AI` }).click();
    const panel = page.getByRole('dialog', { name: `${NAME}'s AI` });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('textbox', { name: `Your question for ${NAME}'s AI` })).toBeFocused();
    await expect(page.locator('[data-chat-open]')).toHaveAttribute('aria-expanded', 'true');
  });

  test('when the chat widget is absent, then "Talk to the AI" says it is loading', async ({ page }) => {
    await keepStore(page);
    await page.goto('/');
    await expect(h1(page)).toBeVisible();
    await withoutChatWidget(page);
    await page.getByRole('button', { name: `Talk to ${NAME}'s AI` }).click();
    await expect(toast(page)).toContainText('Chat widget loading');
    await expect(toast(page)).toContainText('Please wait a moment and try again.');
  });

  test('when the subscription checkout cannot start, then the "Checkout Error" toast shows', async ({ page }) => {
    // The e2e stack has payments on (stripe-mock): the answer of payments switched off stands in.
    await page.route('**/api/create-checkout-session', (route) => route.fulfill(PAYMENTS_OFF));
    await page.goto('/');
    const request = page.waitForRequest((req) => req.url().endsWith('/api/create-checkout-session'));
    await page.getByRole('button', { name: 'Subscribe - $19/month' }).click();
    expect((await request).method()).toBe('POST');
    await expect(errorToast(page)).toContainText('Checkout Error');
    await expect(page).toHaveURL(/\/$/);
  });

  test('when toasts follow each other, then one shows at a time, and each goes after 5 s or when closed', async ({
    page,
  }) => {
    await page.clock.install();
    await keepStore(page);
    await page.route('**/api/create-checkout-session', (route) => route.fulfill(PAYMENTS_OFF));
    await page.goto('/');
    await withoutChatWidget(page);
    const talk = page.getByRole('button', { name: `Talk to ${NAME}'s AI` });
    await talk.click();
    await expect(toast(page)).toContainText('Chat widget loading');
    await page.getByRole('button', { name: 'Subscribe - $19/month' }).click();
    await expect(errorToast(page)).toContainText('Checkout Error');
    await expect(toast(page)).toHaveCount(0);

    await page.clock.fastForward(4000);
    await expect(errorToast(page)).toBeVisible();
    await page.clock.fastForward(1500);
    await expect(errorToast(page)).toHaveCount(0);

    await talk.click();
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast(page)).toHaveCount(0);
  });

  test('when checkout answers with an address, then the browser goes there', async ({ page }) => {
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ url: '/videos' }) }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Subscribe - $19/month' }).click();
    await expect(page).toHaveURL(/\/videos$/);
  });

  test('when "Watch Introduction" and the four cards are chosen, then they lead to their pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Watch Introduction' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    const cards: [string, string, RegExp][] = [
      ['Symptom Explorer', 'Explore your symptoms', /\/symptoms$/],
      ['Treatment Modalities', 'Read about the treatments', /\/treatments$/],
      ['Video Library', 'Watch the lessons', /\/videos$/],
      ['Book Session', 'Choose a session and a time', /\/book$/],
    ];
    for (const [title, link, url] of cards) {
      await page.goto('/');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
      await card.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
    }
  });
});

test.describe('the query bar', () => {
  test('when a question is asked, then the trimmed text goes with a guestId and the answer and its sources show', async ({
    page,
  }) => {
    await page.goto('/');
    const submit = page.getByRole('button', { name: 'Ask', exact: true });
    await expect(submit).toBeDisabled();
    await queryBox(page).fill('   ');
    await expect(submit).toBeDisabled();

    await queryBox(page).fill('  How can Ayurveda help my sleep?  ');
    const request = page.waitForRequest((req) => req.url().endsWith('/api/query-ai'));
    await submit.click();
    const body = (await request).postDataJSON();
    expect(body.query).toBe('How can Ayurveda help my sleep?');
    expect(body.guestId).toMatch(/^[A-Za-z0-9_-]{21}$/);

    await expect(toast(page)).toContainText('Response received');
    await expect(toast(page)).toContainText(`${NAME}'s AI has provided guidance for your query.`);
    await expect(queryBox(page)).toHaveValue('');
    const answer = page.getByRole('region', { name: `${NAME}'s AI says` });
    await expect(answer).toContainText(`${NAME}'s AI`);
    await expect(answer.getByRole('link').first()).toBeVisible();
  });

  test('when the query fails, then the "Query failed" toast shows the server\'s sentence without its status code, and the text stays', async ({
    page,
  }) => {
    await page.route('**/api/query-ai', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) }),
    );
    await page.goto('/treatments');
    await queryBox(page).fill('What is NAET?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(errorToast(page)).toContainText('Query failed');
    await expect(errorToast(page).getByTestId('toast-description')).toHaveText('boom');
    await expect(queryBox(page)).toHaveValue('What is NAET?');
  });

  test('when a question is pending, then the button stays disabled until the answer comes', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/query-ai', async (route) => {
      await held;
      await answerWith('Gentle answer.', { sources: [{ title: 'Ayurveda', path: '/treatments#ayurveda' }] })(route);
    });
    await page.goto('/videos');
    await queryBox(page).fill('Tell me about Ayurveda');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(page.getByRole('button', { name: /Asking/ })).toBeDisabled();
    release();
    const answer = page.getByRole('region', { name: `${NAME}'s AI says` });
    await expect(answer).toContainText('Gentle answer.');
    await answer.getByRole('link', { name: 'Ayurveda' }).click();
    await expect(page).toHaveURL(/\/treatments#ayurveda$/);
    await expect(page.getByRole('button', { name: 'Show Less: Ayurveda' })).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('the symptom explorer', () => {
  test('when categories are chosen, then one at a time is open and choosing it again closes it', async ({ page }) => {
    await page.goto('/symptoms');
    const digestive = page.getByRole('button', { name: /Digestive Issues/ });
    const energy = page.getByRole('button', { name: /Energy & Fatigue/ });
    await digestive.click();
    await expect(digestive).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Bloating and gas')).toBeVisible();
    await energy.click();
    await expect(energy).toHaveAttribute('aria-expanded', 'true');
    await expect(digestive).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Bloating and gas')).toBeHidden();
    await energy.click();
    await expect(energy).toHaveAttribute('aria-expanded', 'false');
  });

  test('when symptoms are analyzed, then the trimmed symptoms are sent as an analysis with the guestId, a spinner shows, then the answer; a perspective sends only the analysis id and the perspective', async ({
    page,
  }) => {
    const bodies: Record<string, unknown>[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/query-ai', async (route) => {
      bodies.push(route.request().postDataJSON());
      await held;
      await answerWith('Holistic analysis text.', { analysisId: ANALYSIS_ID })(route);
    });
    await page.route('**/api/query-ai/perspective', async (route) => {
      bodies.push(route.request().postDataJSON());
      await answerWith('Ayurvedic view text.')(route);
    });
    await page.goto('/symptoms');
    const textarea = page.getByRole('textbox', { name: 'Your symptoms' });
    await expect(textarea).toHaveAttribute('rows', '6');
    const analyze = page.getByRole('button', { name: 'Analyze Symptoms' });
    await expect(analyze).toBeDisabled();

    await textarea.fill('  bloating after meals  ');
    await analyze.click();
    await expect(page.getByText('Analyzing your symptoms...')).toBeVisible();
    await expect(analyze).toBeDisabled();
    release();
    await expect(page.getByText('Holistic analysis text.')).toBeVisible();
    const guestId = await page.evaluate(() => localStorage.getItem('guestId'));
    expect(guestId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    // The service wraps the symptoms in the request for a holistic analysis (specification, section 5).
    expect(bodies[0]).toEqual({
      query: 'bloating after meals',
      userId: null,
      sessionId: null,
      guestId,
      kind: 'symptom-analysis',
    });

    await expect(page.getByText('These are part of this analysis: they do not use a free question.')).toBeVisible();
    await page.getByRole('button', { name: 'Ayurvedic View' }).click();
    await expect(page.getByText('Ayurvedic view text.')).toBeVisible();
    expect(bodies[1]).toEqual({ analysisId: ANALYSIS_ID, perspective: 'ayurveda', guestId });
    await expect(page.getByRole('button', { name: 'Nutritional Approach' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Chiropractic Insight' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Describe by voice' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('when a perspective is chosen, then the AI is asked for that perspective and its answer shows under its own heading, below the analysis', async ({
    page,
  }) => {
    const queries: string[] = [];
    const ANSWERS: Record<string, string> = {
      ayurveda: 'Ayurveda: balance Vata with warm, regular meals.',
      nutrition: 'Nutrition: fibre, water and fermented foods.',
      chiropractic: 'Chiropractic: gentle adjustments may ease the nerves of digestion.',
    };
    await page.route('**/api/query-ai', async (route) => {
      queries.push('analysis');
      await answerWith('Holistic analysis text.', { analysisId: ANALYSIS_ID })(route);
    });
    await page.route('**/api/query-ai/perspective', async (route) => {
      const { perspective } = route.request().postDataJSON() as { perspective: string };
      queries.push(perspective);
      await answerWith(ANSWERS[perspective]!)(route);
    });
    await page.goto('/symptoms');
    await page.getByRole('textbox', { name: 'Your symptoms' }).fill('bloating after meals');
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    await expect(page.getByText('Holistic analysis text.')).toBeVisible();

    const perspectives = page.getByRole('group', { name: 'Explore from another perspective' });
    const cases = [
      ['Ayurvedic View', 'ayurveda'],
      ['Nutritional Approach', 'nutrition'],
      ['Chiropractic Insight', 'chiropractic'],
    ] as const;
    for (const [label, id] of cases) {
      await perspectives.getByRole('button', { name: label }).click();
      const section = page.getByRole('region', { name: label });
      await expect(section.getByRole('heading', { level: 4, name: label })).toBeVisible();
      await expect(section).toContainText(ANSWERS[id]!);
      expect(queries.at(-1)).toBe(id);
    }
    // Each perspective asked its own question; the first analysis stays where it was.
    expect(new Set(queries).size).toBe(4);
    await expect(page.getByText('Holistic analysis text.')).toBeVisible();
    // A second press shows the answer already there: no second question is spent on it.
    await perspectives.getByRole('button', { name: 'Ayurvedic View' }).click();
    await expect(page.getByRole('heading', { level: 4, name: 'Ayurvedic View' })).toBeFocused();
    expect(queries).toHaveLength(4);
    await expectNoAxeViolations(page);
  });

  for (const [kind, extra] of [
    ['an emergency', { isEmergency: true }],
    ['a crisis', { isCrisis: true }],
  ] as const) {
    test(`when the analysis is ${kind} answer, then no holistic follow-up is offered`, async ({ page }) => {
      await page.route('**/api/query-ai', answerWith(`The ${kind} answer.`, { analysisId: ANALYSIS_ID, ...extra }));
      await page.goto('/symptoms');
      await page.getByRole('textbox', { name: 'Your symptoms' }).fill('sudden weakness on one side');
      await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
      await expect(page.getByText(`The ${kind} answer.`)).toBeVisible();
      await expect(page.getByRole('group', { name: 'Explore from another perspective' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ayurvedic View' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test('when the analysis fails, then the "Analysis failed" toast says what the server said, without its status code', async ({
    page,
  }) => {
    const sentence = 'The AI assistant is busy right now. Your question was not counted; please try again in a moment.';
    await page.route('**/api/query-ai', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: sentence }) }),
    );
    await page.goto('/symptoms');
    await page.getByRole('textbox', { name: 'Your symptoms' }).fill('tired all day');
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    await expect(errorToast(page)).toContainText('Analysis failed');
    await expect(errorToast(page)).toContainText(sentence);
    await expect(errorToast(page)).not.toContainText('503');
  });

  test('when the analysis is answered for real, then the offline library answers', async ({ page }) => {
    await page.goto('/symptoms');
    await page.getByRole('textbox', { name: 'Your symptoms' }).fill('acid reflux and heartburn at night');
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    await expect(page.getByRole('region', { name: `${NAME}'s AI analysis` })).toContainText(`${NAME}'s AI`, {
      timeout: 15_000,
    });
  });
});

test.describe('the treatments', () => {
  test('when cards are opened, then one at a time shows its overview, and benefits only where the catalogue has them', async ({
    page,
  }) => {
    await page.goto('/treatments');
    for (const modality of MODALITIES) {
      const toggle = page.getByRole('button', { name: `Read More: ${modality.name}` });
      await toggle.click();
      await expect(page.getByRole('button', { name: `Show Less: ${modality.name}` })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.getByText(modality.overview)).toBeVisible();
      const panel = page.getByRole('region', { name: modality.name, exact: true });
      await expect(panel).toHaveAttribute(
        'id',
        (await page.getByRole('button', { name: `Show Less: ${modality.name}` }).getAttribute('aria-controls'))!,
      );
      await expect(panel.getByRole('heading', { name: 'Benefits' })).toHaveCount(modality.benefits ? 1 : 0);
      await expect(page.getByRole('button', { name: /^Show Less/ })).toHaveCount(1);
    }
    await page.getByRole('button', { name: 'Show Less: Food as Medicine' }).click();
    await expect(page.getByRole('button', { name: /^Show Less/ })).toHaveCount(0);
  });

  test('when a consultation is booked from a card, then the booking page opens with that modality', async ({
    page,
  }) => {
    await page.goto('/treatments#chiropractic');
    await page.getByRole('link', { name: 'Book Consultation for Chiropractic' }).click();
    await expect(page).toHaveURL(/\/book\?plan=dr-helen&modality=chiropractic$/);
    await page.goto('/treatments');
    await page.getByRole('link', { name: 'Schedule Your Session' }).click();
    await expect(page).toHaveURL(/\/book$/);
  });
});

test.describe('the condition pages', () => {
  for (const condition of CONDITIONS) {
    test(`when ${condition.path} is opened, then it has its title, description and template parts`, async ({
      page,
    }) => {
      await page.goto(condition.path);
      await expect(h1(page)).toHaveText(condition.title);
      await expect(page).toHaveTitle(new RegExp(`^${condition.name}`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', condition.metaDescription);
      await expect(page.getByText(new RegExp(`living with ${condition.symptom}`))).toBeVisible();
      await expect(page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` })).toHaveAttribute(
        'placeholder',
        `Ask ${NAME} about any treatment modality - I'll explain...`,
      );
      await expect(page.getByRole('heading', { name: 'Energy Patch Support' })).toHaveCount(
        condition.energyPatch ? 1 : 0,
      );
      for (const list of condition.lists ?? []) await expect(page.getByText(list.title)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book AI Session - $9/hour' })).toHaveAttribute('href', '/book');
      await expect(page.getByRole('link', { name: 'Subscribe - $19/month' })).toHaveAttribute('href', '/subscribe');
    });
  }

  test('when the ask-box is used, then the answer shows below it', async ({ page }) => {
    await page.route('**/api/query-ai', answerWith('Warm milk with nutmeg may help.'));
    await page.goto('/conditions/insomnia');
    const box = page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` });
    await box.fill('What can I drink before bed?');
    const request = page.waitForRequest((req) => req.url().endsWith('/api/query-ai'));
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ query: 'What can I drink before bed?' });
    await expect(page.getByText('Warm milk with nutmeg may help.')).toBeVisible();
    await expect(box).toHaveValue('');
  });

  test('when the ask-box is asked about a medical emergency, then the answer starts with a link to call 911', async ({
    page,
  }) => {
    await page.goto('/conditions/acid-reflux');
    await page
      .getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` })
      .fill('Crushing pressure in my chest and my left arm is numb');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('region', { name: `${NAME}'s AI says` });
    await expect(answer.getByRole('link', { name: /Call 911/ })).toHaveAttribute('href', 'tel:911', {
      timeout: 15_000,
    });
    await expect(answer).toContainText('If this is happening now, please call 911');
    await expectNoAxeViolations(page);
  });

  test('when another page is left, then the general meta description comes back', async ({ page }) => {
    await page.goto('/conditions/rashes');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Holistic health education/);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/symptoms', '/treatments', '/videos', '/book', '/conditions/lethargy-depression']) {
    test(`when ${path} is opened, then nothing is wider than the screen`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page)).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }
});
