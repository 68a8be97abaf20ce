// Every surface that asks the AI: the chat widget, the query bar, a condition page's ask-box and the
// Symptom Explorer. Each sends the visitor's guestId; each treats text of only invisible characters as
// blank and sends the text without them; and when the AI call fails (or hangs) for a message that reads as
// a crisis, each shows the crisis lines instead of only an error.
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { errorToast } from './support/toast';

const AI_CALL = /\/api\/query-ai(\/stream)?$/;
const APOLOGY = "I'm having trouble connecting. Please try again.";
const INVISIBLE_ONLY = '\u200B\u2060\u00AD\uFEFF \u200D';

interface Surface {
  name: string;
  path: string;
  endpoint: '/api/query-ai' | '/api/query-ai/stream';
  /** Opens the surface (if it needs opening) and returns its text box. */
  open(page: Page): Promise<Locator>;
  submit(page: Page): Locator;
}

const chatPanel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });

const SURFACES: Surface[] = [
  {
    name: 'the chat widget',
    path: '/',
    endpoint: '/api/query-ai/stream',
    async open(page) {
      await page.locator('[data-chat-open]').click();
      return chatPanel(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
    },
    submit: (page) => chatPanel(page).getByRole('button', { name: 'Send' }),
  },
  {
    name: 'the query bar',
    path: '/',
    endpoint: '/api/query-ai',
    open: async (page) => page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` }),
    submit: (page) => page.getByRole('button', { name: 'Ask', exact: true }),
  },
  {
    name: "a condition page's ask-box",
    path: '/conditions/insomnia',
    endpoint: '/api/query-ai',
    open: async (page) => page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` }),
    submit: (page) => page.getByRole('button', { name: 'Ask', exact: true }),
  },
  {
    name: 'the Symptom Explorer',
    path: '/symptoms',
    endpoint: '/api/query-ai',
    open: async (page) => page.getByRole('textbox', { name: 'Your symptoms' }),
    submit: (page) => page.getByRole('button', { name: 'Analyze Symptoms' }),
  },
];

async function openSurface(page: Page, surface: Surface): Promise<Locator> {
  await page.goto(surface.path);
  const box = await surface.open(page);
  // Prerendered pages keep their fields disabled until React has taken the page over.
  await expect(box).toBeEditable();
  return box;
}

const isCall = (surface: Surface) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === surface.endpoint;

/** How nginx answers when the service behind it is down. */
const badGateway = (route: Route) =>
  route.fulfill({
    status: 502,
    contentType: 'text/html',
    body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
  });

/** Where each surface shows the crisis lines for an unanswered crisis message. */
function crisisLines(page: Page, surface: Surface): Locator {
  return surface.endpoint === '/api/query-ai/stream'
    ? chatPanel(page).locator('li[data-role="assistant"]').last()
    : page.getByRole('region', { name: 'Crisis resources' });
}

/** `wait`: how long they may take to show (longer than CRISIS_ANSWER_WAIT_MS when the call hangs). */
async function expectCrisisLines(lines: Locator, wait?: number): Promise<void> {
  const call = lines.getByRole('link', { name: /Call 988/ });
  await expect(call).toBeVisible({ timeout: wait });
  await expect(call).toHaveAttribute('href', 'tel:988');
  await expect(call).toContainText('988 Suicide & Crisis Lifeline');
  const text = lines.getByRole('link', { name: /741741/ });
  await expect(text).toBeVisible();
  await expect(text).toHaveAttribute('href', /^sms:741741/);
  await call.focus();
  await expect(call).toBeFocused();
}

test.describe('every surface that asks the AI', () => {
  for (const surface of SURFACES) {
    test(`when ${surface.name} asks, then the request carries the guestId kept in local storage`, async ({ page }) => {
      const box = await openSurface(page, surface);
      await box.fill('What helps with restless sleep?');
      const request = page.waitForRequest(isCall(surface));
      await surface.submit(page).click();
      const guestId = await page.evaluate(() => localStorage.getItem('guestId'));
      expect(guestId).toMatch(/^[A-Za-z0-9_-]{21}$/);
      expect((await request).postDataJSON()).toMatchObject({ guestId, userId: null, sessionId: null });
    });

    test(`when ${surface.name} holds only invisible characters, then it is blank and the text sent is without them`, async ({
      page,
    }) => {
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (isCall(surface)(request)) sent.push(request);
      });
      const box = await openSurface(page, surface);
      await box.fill(INVISIBLE_ONLY);
      await expect(surface.submit(page)).toBeDisabled();
      await box.press('Enter');
      expect(sent).toHaveLength(0);

      await box.fill(' \u200BWhat helps with d\u200Bigestion?\u2060 ');
      await expect(surface.submit(page)).toBeEnabled();
      const request = page.waitForRequest(isCall(surface));
      await surface.submit(page).click();
      expect((await request).postDataJSON().query).toContain('What helps with digestion?');
      expect((await request).postDataJSON().query).not.toMatch(/[\u200B\u2060]/);
    });

    test(`when the AI is down and ${surface.name} gets "I want to die", then the crisis lines show, not only an error`, async ({
      page,
    }) => {
      await page.route(AI_CALL, badGateway);
      const box = await openSurface(page, surface);
      await box.fill('I want to die');
      await surface.submit(page).click();

      await expectCrisisLines(crisisLines(page, surface));
      await expect(page.getByText(APOLOGY)).toHaveCount(0);
      await expect(errorToast(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test('when the AI and the crisis service are down and the query bar gets "I want to die", then the banner comes back and takes focus', async ({
    page,
  }) => {
    await page.route(AI_CALL, badGateway);
    await page.route('**/api/detect-crisis', badGateway);
    const box = await openSurface(page, SURFACES[1]!);
    await box.fill('I want to die');
    const banner = page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT });
    await banner.getByRole('button', { name: 'Close crisis resources' }).click();
    await expect(banner).toHaveCount(0);
    await SURFACES[1]!.submit(page).click();
    await expect(banner).toBeFocused();
    await expect(banner.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988');
  });

  test('when the network fails for a chat message that reads as a crisis, then the crisis lines show', async ({
    page,
  }) => {
    await page.route(AI_CALL, (route) => route.abort('connectionrefused'));
    const surface = SURFACES[0]!;
    const box = await openSurface(page, surface);
    await box.fill('i want to d\u200Bie');
    await box.press('Enter');
    await expectCrisisLines(crisisLines(page, surface));
    await expect(page.getByText(APOLOGY)).toHaveCount(0);
  });

  for (const surface of [SURFACES[0]!, SURFACES[1]!]) {
    test(`when the AI does not answer ${surface.name}'s crisis message, then the crisis lines show while it waits`, async ({
      page,
    }) => {
      test.slow();
      // Held until the test ends: the service hangs.
      await page.route(AI_CALL, () => new Promise(() => undefined));
      const box = await openSurface(page, surface);
      await box.fill('I want to end it all');
      await surface.submit(page).click();
      await expect(crisisLines(page, surface).getByRole('link', { name: /Call 988/ })).toHaveCount(0);
      await expectCrisisLines(crisisLines(page, surface), 15_000);
    });
  }

  test('when the AI is down and the message is ordinary, then the error shows as before', async ({ page }) => {
    await page.route(AI_CALL, badGateway);
    const box = await openSurface(page, SURFACES[3]!);
    await box.fill('bloating after meals');
    await SURFACES[3]!.submit(page).click();
    await expect(errorToast(page)).toContainText('Analysis failed');
    await expect(page.getByRole('region', { name: 'Crisis resources' })).toHaveCount(0);
  });
});

test.describe('the AI request schema', () => {
  for (const path of ['/api/query-ai', '/api/query-ai/stream']) {
    test(`when ${path} is sent a query of only invisible characters, then it answers 400 naming the field`, async ({
      request,
    }) => {
      for (const query of ['\u200B\u200C\u200D', '\u0000\u00AD\u2060', '\uFEFF \u3164 \uFE0F']) {
        const response = await request.post(path, { data: { query } });
        expect(response.status()).toBe(400);
        expect((await response.json()).message).toMatch(/^query: /);
      }
    });
  }
});
