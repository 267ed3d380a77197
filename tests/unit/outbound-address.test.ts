import { describe, expect, it } from 'vitest';
import { blockedAddressReason, checkTarget, OutboundError, parseAllowList } from '../../src/server/outbound/index.ts';
import { guardedLookup } from '../../src/server/outbound/dispatcher.ts';
import { parseEnv } from '../../src/server/env.ts';

const none = parseAllowList([]);

function refusal(url: string, allow = none): OutboundError {
  try {
    checkTarget(url, allow);
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('checkTarget refuses hostile URLs', () => {
  // Each is refused before any connection: literal IPs never reach the DNS hook, so they are judged here.
  const blocked: string[] = [
    'http://127.0.0.1/',
    'http://2130706433/', // decimal 127.0.0.1
    'http://0x7f000001/', // hex
    'http://0177.0.0.1/', // octal
    'http://127.1/', // short form
    'http://0x7f.0.0.1/',
    'http://127.0.0.1:80/',
    'https://127.255.255.254/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::]/',
    'http://10.0.0.1/',
    'http://012.0.0.1/', // octal 10.0.0.1
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://3232235777/', // decimal 192.168.1.1
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://169.254.169.254/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/', // hex 169.254.169.254
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://[ff02::1]/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'http://[2002:a9fe:a9fe::1]/', // 6to4 of 169.254.169.254
    'http://[64:ff9b::127.0.0.1]/', // NAT64 of loopback
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[64:ff9b:1::1]/', // local-use NAT64
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo, client 127.0.0.1
    'http://[::127.0.0.1]/', // IPv4-compatible
    'http://[fec0::1]/',
  ];
  it.each(blocked)('%s is a blocked address', (url) => {
    const error = refusal(url);
    expect(error.code).toBe('blocked-address');
    expect(error.message).toMatch(/^Refused to fetch .+: it is .+, not a public internet address\.$/);
  });

  it('names the cloud metadata address as such', () => {
    expect(refusal('http://169.254.169.254/').message).toContain('cloud metadata');
    expect(refusal('http://[fd00:ec2::254]/').message).toContain('cloud metadata');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://example.com/', 'ws://example.com/'])(
    '%s has a refused scheme',
    (url) => {
      const error = refusal(url);
      expect(error.code).toBe('bad-scheme');
      expect(error.message).toMatch(/^Only http and https links can be fetched/);
    },
  );

  it.each(['http://example.com:8080/', 'https://example.com:22/', 'http://example.com:6379/', 'http://93.184.216.34:25/'])(
    '%s has a refused port',
    (url) => {
      expect(refusal(url).code).toBe('bad-port');
    },
  );

  it.each(['http://user:pass@example.com/', 'http://example.com@10.0.0.1/', 'https://user@example.com/'])('%s carries credentials', (url) => {
    expect(refusal(url).code).toBe('bad-url');
  });

  it.each(['not a url', '', 'http://', '//example.com/'])('%j is not a URL', (url) => {
    expect(refusal(url).code).toBe('bad-url');
  });
});

describe('checkTarget accepts ordinary public URLs', () => {
  it.each([
    'http://example.com/',
    'https://www.amazon.com/dp/B000000000',
    'https://example.com:443/x',
    'http://example.com:443/',
    'http://93.184.216.34/',
    'http://[2606:2800:220:1:248:1893:25c8:1946]/',
    'http://[2002:5db8:d822::1]/', // 6to4 of a public address
  ])('%s', (url) => {
    expect(checkTarget(url, none).exempt).toBe(false);
  });
});

describe('the allow-list', () => {
  it('exempts exactly the listed host:port', () => {
    const allow = parseAllowList('127.0.0.1:4010, localhost:4011');
    expect(checkTarget('http://127.0.0.1:4010/page', allow).exempt).toBe(true);
    expect(checkTarget('http://localhost:4011/', allow).exempt).toBe(true);
    expect(refusal('http://127.0.0.1:4011/', allow).code).toBe('bad-port');
    expect(refusal('http://127.0.0.1/', allow).code).toBe('blocked-address');
    expect(refusal('http://2130706433:4012/', allow).code).toBe('bad-port');
  });

  it('matches the normalised host, so another spelling of an allowed address is still allowed', () => {
    const allow = parseAllowList(['127.0.0.1:4010']);
    expect(checkTarget('http://2130706433:4010/', allow).exempt).toBe(true);
  });

  it('still refuses other schemes and credentials on an allowed host', () => {
    const allow = parseAllowList(['127.0.0.1:4010']);
    expect(refusal('ftp://127.0.0.1:4010/', allow).code).toBe('bad-scheme');
    expect(refusal('http://a:b@127.0.0.1:4010/', allow).code).toBe('bad-url');
  });

  it('rejects entries without a port', () => {
    expect(() => parseAllowList('localhost')).toThrow(/explicit port/);
  });
});

describe('blockedAddressReason', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('%s is public', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', 'fd00:ec2::254', '0x7f.1', '2130706433', 'localhost'])(
    '%s is refused',
    (address) => {
      expect(blockedAddressReason(address)).toBeTypeOf('string');
    },
  );
});

describe('the connect-time lookup', () => {
  function run(options: { all?: boolean; family?: number }, answer: { address: string; family: number }[]) {
    return new Promise<{ error: unknown; address: unknown; family: unknown }>((resolve) => {
      guardedLookup(async () => answer)('shop.example', options, (error, address, family) => resolve({ error, address, family }));
    });
  }

  it('hands node:net exactly the checked addresses', async () => {
    const answer = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ];
    expect(await run({ all: true }, answer)).toEqual({ error: null, address: answer, family: undefined });
    expect(await run({}, answer)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await run({ family: 6 }, answer)).toMatchObject({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
  });

  it('refuses the whole host when any answer is blocked', async () => {
    const { error } = await run({ all: true }, [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ]);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).code).toBe('blocked-address');
  });
});

describe('SCRAPE_ALLOWED_HOSTS in the environment', () => {
  it('is empty by default, so nothing is exempt', () => {
    expect(parseEnv({}).SCRAPE_ALLOWED_HOSTS).toBe('');
    expect(parseAllowList(parseEnv({}).SCRAPE_ALLOWED_HOSTS).size).toBe(0);
  });

  it('is read as a comma list of host:port pairs', () => {
    const allow = parseAllowList(parseEnv({ SCRAPE_ALLOWED_HOSTS: ' 127.0.0.1:4010 ,[::1]:4011,' }).SCRAPE_ALLOWED_HOSTS);
    expect([...allow]).toEqual(['127.0.0.1:4010', '[::1]:4011']);
    expect(checkTarget('http://[::1]:4011/', allow).exempt).toBe(true);
  });
});
