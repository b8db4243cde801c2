// Which addresses the server's own requests may reach (outbound-fetch.ts): public ones only, in both
// families, however an address is written; and which hosts an operator's allow list names.
import { describe, expect, it } from 'vitest';
import { isAllowedHost, isPublicAddress } from './outbound-fetch';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'localhost',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2a00:1450:4001:82b::200e', '64:ff9b::808:808'])(
    'lets %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('isAllowedHost', () => {
  const allow = ['127.0.0.1:4456', 'provider.lan', '[::1]:8080'];
  it.each([
    ['http://127.0.0.1:4456/oembed', true],
    ['http://127.0.0.1:4457/oembed', false],
    ['http://127.0.0.1/oembed', false],
    ['http://PROVIDER.lan:9000/list', true],
    ['https://provider.lan/list', true],
    ['http://provider.lan.evil.example/list', false],
    ['http://[::1]:8080/', true],
    ['http://[::1]:8081/', false],
  ])('%s: %s', (url, allowed) => {
    expect(isAllowedHost(new URL(url), allow)).toBe(allowed);
  });
});
