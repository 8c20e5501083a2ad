// The plugin starts 3–4 times per Terraform command and most launches never call the API: undici (~15 ms of
// module loading) must wait for the first request, and the agent made then must serve and close as before.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

describe('client: undici is loaded on the first request', () => {
  it('constructing a client does not load undici; the first request does, and close() closes its agent', async () => {
    let loads = 0;
    jest.resetModules();
    jest.doMock('undici', () => {
      loads++;
      return jest.requireActual('undici');
    });
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { UptimeClient } = await import('../../src/client/index.js');
      const client = new UptimeClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        token: 'lazy-undici-token',
      });
      expect(loads).toBe(0);
      await client.getHealth();
      expect(loads).toBe(1);
      await client.getHealth();
      expect(loads).toBe(1);
      await client.close();
    } finally {
      server.close();
      jest.dontMock('undici');
    }
  });
});
