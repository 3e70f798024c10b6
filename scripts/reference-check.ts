/**
 * `npm run reference-check`: runs the reference client (wedia-vue 11.30.4) unmodified against a
 * fresh demo server and prints, per call, whether it worked (README "Request counts"). Exit 1 when
 * one did not. It installs the client into `.reference/` the first time.
 */
import { startDemoServer } from '../mocks/server';
import { checks, type Demo } from './reference-check/checks';
import { createReferenceClient, ensureInstalled } from './reference-check/client';

ensureInstalled();
const server = await startDemoServer({ port: 0, distDir: null });
const demo: Demo = {
  url: server.url,
  async requests() {
    return (await fetch(`${server.url}/__mock/requests`)).json();
  },
  async settings(patch) {
    await fetch(`${server.url}/__mock/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    });
  },
};

let failed = 0;
for (const check of checks) {
  await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
  const client = createReferenceClient(server.url);
  try {
    await client.we.surfer.signin({ login: 'alice', password: 'alice' });
    console.log(`ok    ${check.name}: ${await check.run(client, demo)}`);
  } catch (error) {
    failed += 1;
    // an axios error carries the answer that failed: say which call and what the server said
    const answer = (error as { response?: { config?: { url?: string }; data?: unknown } }).response;
    const said = answer ? ` (${answer.config?.url} answered ${JSON.stringify(answer.data)})` : '';
    console.log(`FAIL  ${check.name}: ${error instanceof Error ? error.message : String(error)}${said}`);
  }
}
await server.close();
process.exit(failed === 0 ? 0 : 1);
