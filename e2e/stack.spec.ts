// The stack as nginx serves it: routing, the API's error shape, caching and security headers.
import { expect, test } from '@playwright/test';

test.describe('the stack behind nginx', () => {
  test('when a visitor opens the home page, then the app renders without Content-Security-Policy violations', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('when the video list is asked for, then the content service answers JSON through nginx', async ({ request }) => {
    const response = await request.get('/api/videos');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(Array.isArray(await response.json())).toBe(true);
  });

  test('when an unknown API path is asked for, then nginx answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  test('when an unserved path under each service prefix is asked for, then that service answers, not the SPA', async ({
    request,
  }) => {
    // The service kit's 404 names the path; nginx's own catch-all says only "Not found".
    for (const probe of [
      '/api/query-ai/e2e-probe', // ai-query
      '/api/quota/e2e-probe', // ai-query
      '/api/detect-crisis/e2e-probe', // crisis
      '/api/availability/e2e-probe', // booking
      '/api/session/e2e-probe/unknown', // booking
      '/api/subscription/e2e-probe', // payments
      '/api/videos/e2e-probe', // content
      '/ws', // voice, without a WebSocket upgrade
    ]) {
      const response = await request.get(probe);
      expect(response.status(), probe).toBe(404);
      expect(response.headers()['content-type'], probe).toContain('application/json');
      expect(await response.json(), probe).toEqual({ message: `Not found: GET ${probe}` });
    }
  });

  test("when a visitor asks for a service's probes or metrics through nginx, then none of them is reached", async ({
    request,
  }) => {
    // /healthz, /readyz and /metrics are each service's own, for operators on its port: nginx routes no such
    // path, so through it they are the SPA's pages or the API's 404, never a service's answer.
    for (const probe of ['/healthz', '/readyz', '/metrics', '/api/metrics', '/api/healthz', '/api/videos/../metrics']) {
      const response = await request.get(probe);
      const body = await response.text();
      expect({ probe, metrics: body.includes('# HELP') || body.includes('# TYPE') }).toEqual({ probe, metrics: false });
      expect({ probe, health: /"(status|checks)"\s*:/.test(body) }).toEqual({ probe, health: false });
    }
  });

  test('when a request body is larger than nginx allows, then it answers 413 as JSON', async ({ request }) => {
    const response = await request.post('/api/subscribe-email', {
      headers: { 'Content-Type': 'application/json' },
      data: JSON.stringify({ email: 'a'.repeat(400_000) }),
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body too large' });
  });

  test('when a deep link is reloaded in the browser, then the SPA comes back with 200', async ({ page }) => {
    const first = await page.goto('/videos');
    expect(first?.status()).toBe(200);
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    expect(reloaded?.headers()['content-type']).toContain('text/html');
    expect(page.url()).toMatch(/\/videos$/);
    await expect(page.locator('#root')).not.toBeEmpty();
  });

  test('when a deep link is opened, then the SPA is served and never cached without revalidation', async ({
    request,
  }) => {
    for (const [path, status] of [
      ['/', 200],
      ['/videos', 200],
      ['/conditions/insomnia', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
  });

  test('when a hashed asset is fetched, then it is cached for a year as immutable, and compressed', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset, 'index.html references a script under /assets/').toBeTruthy();
    const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-type']).toContain('javascript');
    expect(response.headers()['content-encoding']).toBe('gzip');
    expect(response.headers()['vary']).toContain('Accept-Encoding');
    expect((await request.get('/assets/does-not-exist.js')).status()).toBe(404);
  });

  test('when any page is served, then the security headers are present', async ({ request }) => {
    const headers = (await request.get('/')).headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('microphone=(self)');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com');
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  test('when a request carries an X-Request-Id, then nginx keeps it, and makes one up otherwise', async ({
    request,
  }) => {
    const given = await request.get('/api/videos', { headers: { 'X-Request-Id': 'e2e-request-id-1' } });
    expect(given.headers()['x-request-id']).toBe('e2e-request-id-1');
    const made = await request.get('/api/videos');
    expect(made.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});
