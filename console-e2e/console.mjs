// The hexmq web console in a real browser: Debian's Chromium, headless, driven by playwright-core.
// Usage: node console.mjs create-topic|inspect   (bootstrap's ConsoleBrowserIT runs both, with a broker between)
// Environment: CONSOLE_URL, SCREENSHOT_DIR, TOPIC, KEY, GROUP, EXPECTED_LAG, CHROMIUM (default /usr/bin/chromium)
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import path from 'node:path';

const env = name => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const base = env('CONSOLE_URL');
const shots = env('SCREENSHOT_DIR');
const topic = env('TOPIC');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.setDefaultTimeout(20000);
const shot = name => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const phases = {
  // Creates the topic with the form, and sees it on its page and in the list.
  'create-topic': async () => {
    await page.goto(`${base}/topics`);
    await page.fill('input[name=name]', topic);
    await page.fill('input[name=readQueueNums]', '2');
    await page.fill('input[name=writeQueueNums]', '2');
    await Promise.all([page.waitForURL(/\/topic\?/), page.click('form[action="/topics"] button[type=submit]')]);
    assert.match(await page.textContent('[role=status]'), /Topic created/);
    assert.equal(await page.locator('#queues tr').count(), 3, 'a header and two queues');
    await shot('topic');
    await page.goto(`${base}/topics`);
    await page.getByRole('link', { name: topic, exact: true }).waitFor();
    await shot('topics');
  },
  // After the test sent messages and a group consumed some: the overview's live chart, the cluster view, the
  // message found by key with its body and trace, and the group's lag.
  inspect: async () => {
    await page.goto(`${base}/`);
    await page.waitForFunction(() => document.getElementById('rate-in').getAttribute('points').split(' ').length >= 2,
      null, { timeout: 20000 });
    assert.match(await page.textContent('#broker'), /master/);
    await shot('overview');

    // The cluster view: this broker, read back over the wire from the NameServer and from itself.
    await page.goto(`${base}/cluster`);
    const own = page.locator('#cluster tr', { hasText: '(this broker)' });
    await own.waitFor();
    assert.match(await own.textContent(), /master/);
    assert.match(await own.textContent(), /V\d+_\d+_\d+/, 'the broker answered with its version');
    assert.equal(await page.locator('#cluster tr.unreachable').count(), 0);
    await shot('cluster');

    await page.goto(`${base}/messages`);
    await page.fill('#by-key input[name=topic]', topic);
    await page.fill('#by-key input[name=key]', env('KEY'));
    await Promise.all([page.waitForURL(/by=key/), page.click('#by-key button[type=submit]')]);
    assert.match(await page.textContent('main h2:last-of-type'), /^1 message/);
    await shot('messages');
    await Promise.all([page.waitForURL(/\/message\?id=/), page.click('#found a')]);
    assert.match(await page.textContent('#body-text'), new RegExp(env('KEY')));
    assert.ok((await page.textContent('#body-hex')).startsWith('00000000  '));
    assert.match(await page.textContent('#trace'), /sent.*ConsoleProducers.*stored/s);
    await shot('message');

    await page.goto(`${base}/groups`);
    await Promise.all([page.waitForURL(/\/group\?/), page.getByRole('link', { name: env('GROUP'), exact: true }).click()]);
    assert.equal((await page.textContent('#total-lag')).trim(), env('EXPECTED_LAG'));
    await shot('group');
  },
};
const phase = phases[process.argv[2]];
if (!phase) throw new Error(`unknown phase ${process.argv[2]}; one of ${Object.keys(phases).join(', ')}`);
try {
  await phase();
  console.log(`console ${process.argv[2]}: passed`);
} finally {
  await browser.close();
}
