import { describe, expect, it } from 'vitest';
import { clientAddressGroup } from '../../src/domain/client-address.ts';

describe('the client block a per-address limit counts', () => {
  it('is one key for every spelling of an IPv4 address', () => {
    for (const spelling of ['127.0.0.1', ' 127.0.0.1 ', '::ffff:127.0.0.1', '::FFFF:7f00:1', '::ffff:7f00:0001', '0:0:0:0:0:ffff:7f00:1']) {
      expect(clientAddressGroup(spelling), spelling).toBe('127.0.0.1');
    }
    expect(clientAddressGroup('127.0.0.2')).toBe('127.0.0.2');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '[2001:db8:1:2::9]', '2001:db8:1:2::1%eth0']) {
      expect(clientAddressGroup(address), address).toBe(group);
    }
    expect(clientAddressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressGroup('::1')).toBe('::/64');
  });

  it('keeps text that is no address as it is, and names a missing one', () => {
    expect(clientAddressGroup('')).toBe('unknown');
    expect(clientAddressGroup('  ')).toBe('unknown');
    expect(clientAddressGroup('not-an-ip')).toBe('not-an-ip');
    // Lenient IPv4 forms are not what a socket reports: not read as 127.0.0.1.
    expect(clientAddressGroup('0x7f.1')).toBe('0x7f.1');
  });
});
