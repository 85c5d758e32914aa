import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, normalise, UNKNOWN_ADDRESS } from './client-address.ts';

/** A server on a real socket that answers with the address clientAddress reads. */
async function echoServer(trustProxy: number) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, { TRUST_PROXY: trustProxy })));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    ask: async (forwardedFor?: string) =>
      (await fetch(`http://127.0.0.1:${port}/`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).text(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('clientAddress', () => {
  it("takes the socket's address, and ignores X-Forwarded-For, without TRUST_PROXY", async () => {
    const server = await echoServer(0);
    try {
      expect(await server.ask()).toBe('127.0.0.1');
      expect(await server.ask('203.0.113.9')).toBe('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('reads X-Forwarded-For from the right, one entry per trusted proxy, and the socket when there is none', async () => {
    const one = await echoServer(1);
    const two = await echoServer(2);
    try {
      expect(await one.ask('198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
      expect(await two.ask('198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
      expect(await two.ask('forged, 198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
      // Fewer entries than proxies: the leftmost, the farthest any proxy saw.
      expect(await two.ask('203.0.113.9')).toBe('203.0.113.9');
      expect(await one.ask()).toBe('127.0.0.1');
      expect(await one.ask(' , ')).toBe('127.0.0.1');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('gives one shared address to calls without a socket (app.request in tests)', async () => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, { TRUST_PROXY: 0 })));
    expect(await (await app.request('/')).text()).toBe(UNKNOWN_ADDRESS);
  });
});

describe('normalise', () => {
  it('reads an IPv4 address written as IPv6 as IPv4, and an IPv6 address as its /64', () => {
    expect(normalise('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalise('192.0.2.1')).toBe('192.0.2.1');
    expect(normalise('2001:DB8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(normalise('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalise('[2001:db8:0:1::7]')).toBe('2001:db8:0:1::/64');
    expect(normalise('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(normalise('::1')).toBe('0:0:0:0::/64');
    expect(normalise('not:an:address')).toBe('not:an:address');
  });
});
