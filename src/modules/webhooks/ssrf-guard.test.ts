import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, resolveWebhookTarget, type Resolver } from './ssrf-guard';

/** The guard, table-tested. No request leaves the machine: names resolve through a stub, or to loopback. */
const publicResolver: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];

describe('SSRF guard: refused URLs', () => {
  it.each([
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://127.8.9.10:8080/hook', 'loopback /8'],
    ['http://localhost/hook', 'a name resolving to loopback'],
    ['http://[::1]/hook', 'IPv6 loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'IPv4-mapped loopback'],
    ['http://[::ffff:7f00:1]/hook', 'IPv4-mapped loopback, hex form'],
    ['http://[::127.0.0.1]/hook', 'IPv4-compatible loopback'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['http://169.254.1.1/', 'link-local'],
    ['http://[fe80::1]/', 'IPv6 link-local'],
    ['http://[fd00::1]/', 'IPv6 unique local'],
    ['http://10.0.0.1/', '10/8'],
    ['http://10.255.255.255/', '10/8 end'],
    ['http://172.16.0.1/', '172.16/12 start'],
    ['http://172.31.255.254/', '172.16/12 end'],
    ['http://192.168.1.1/', '192.168/16'],
    ['http://100.64.0.1/', 'CGNAT 100.64/10'],
    ['http://100.127.255.254/', 'CGNAT end'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://0/', '0 (0.0.0.0)'],
    ['http://2130706433/', 'decimal 127.0.0.1'],
    ['http://0177.0.0.1/', 'octal 127.0.0.1'],
    ['http://0x7f.0.0.1/', 'hex 127.0.0.1'],
    ['http://0x7f000001/', 'hex integer 127.0.0.1'],
    ['http://127.1/', 'short form 127.0.0.1'],
    ['http://3232235777/', 'decimal 192.168.1.1'],
    ['http://[::ffff:169.254.169.254]/', 'IPv4-mapped metadata'],
    ['http://[64:ff9b::7f00:1]/', 'NAT64 of loopback'],
    ['http://[2002:7f00:1::1]/', '6to4 of loopback'],
    ['http://[2002:a9fe:a9fe::]/', '6to4 of cloud metadata'],
    ['http://[2002:5db8:d70e::1]/', '6to4 of a public IPv4: still a relay to IPv4'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'Teredo (client 127.0.0.1)'],
    ['http://[2001::1]/', 'Teredo prefix'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
  ])('%s (%s)', async (url) => {
    await expect(resolveWebhookTarget(url, false)).rejects.toMatchObject({ code: 'validation.invalid_value', field: 'url' });
  });

  it.each([
    ['ftp://example.com/hook'], ['file:///etc/passwd'], ['gopher://example.com/'], ['javascript:alert(1)'], ['not a url'],
    ['http://user:pass@example.com/hook'],
  ])('%s (not http(s), or unusable)', async (url) => {
    await expect(resolveWebhookTarget(url, false, publicResolver)).rejects.toMatchObject({ code: 'validation.invalid_value', field: 'url' });
  });

  it('refuses a name when any one of its addresses is private (a later lookup could pick it)', async () => {
    const mixed: Resolver = async () => [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.5', family: 4 }];
    await expect(resolveWebhookTarget('https://hooks.example.com/x', false, mixed)).rejects.toMatchObject({ field: 'url' });
  });

  it('refuses a name that does not resolve', async () => {
    const failing: Resolver = async () => { throw new Error('ENOTFOUND'); };
    await expect(resolveWebhookTarget('https://nowhere.invalid/x', false, failing)).rejects.toMatchObject({ field: 'url' });
  });
});

describe('SSRF guard: allowed URLs', () => {
  it('accepts a public address and pins the connection to the address it checked', async () => {
    const target = await resolveWebhookTarget('https://hooks.example.com/x?y=1', false, publicResolver);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
  });

  it.each([['http://8.8.8.8/'], ['http://172.32.0.1/'], ['http://100.128.0.1/'], ['http://[2606:4700::1111]/'], ['http://[::ffff:8.8.8.8]/'], ['http://[2001:4860:4860::8888]/']])(
    '%s is public', async (url) => {
      await expect(resolveWebhookTarget(url, false)).resolves.toBeDefined();
    });

  it('BAHI_WEBHOOK_ALLOW_PRIVATE lifts the address rules, not the scheme rule', async () => {
    await expect(resolveWebhookTarget('http://127.0.0.1:9/x', true)).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveWebhookTarget('http://localhost:9/x', true)).resolves.toBeDefined();
    await expect(resolveWebhookTarget('ftp://127.0.0.1/x', true)).rejects.toMatchObject({ field: 'url' });
  });
});

describe('isForbiddenAddress', () => {
  it.each([
    ['127.0.0.1', true], ['::1', true], ['::ffff:127.0.0.1', true], ['::ffff:7f00:1', true], ['::', true], ['fe80::abcd', true],
    ['fc12::1', true], ['169.254.169.254', true], ['100.64.0.0', true], ['not-an-ip', true],
    ['8.8.8.8', false], ['2001:4860:4860::8888', false], ['::ffff:8.8.8.8', false], ['172.15.255.255', false], ['100.63.255.255', false],
  ])('%s → %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });
});
