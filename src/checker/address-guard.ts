// Which addresses a check may connect to. A pull request controls a monitor's URL and the probe runs on a CI runner
// that often reaches cloud metadata and internal services, so by default every address that is not public is
// refused: loopback, RFC 1918, link-local, unique-local, CGNAT, unspecified, multicast/reserved, metadata, and the
// IPv4-mapped/compatible/NAT64 IPv6 spellings of any of them. The check runs on the address the connection will use
// (the lookup hands back only the addresses it checked), so a name that resolves differently twice cannot slip by.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Ranges refused unless allowed, with the words a report uses for them. */
const REFUSED: [cidr: string, what: string][] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private (RFC 1918)'],
  ['100.64.0.0/10', 'carrier-grade NAT (RFC 6598)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.169.254/32', 'cloud metadata'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.168.0.0/16', 'private (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fd00:ec2::254/128', 'cloud metadata'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
];

export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      `${host === address ? address : `${host} resolves to ${address}`}, a ${range} address: refused by default`,
    );
  }
}

/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address; throws naming the bad entry. */
function parseCidr(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [addr = '', bits] = entry.trim().split('/');
  const v = isIP(addr);
  if (!v) throw new Error(`--probe-allow: "${entry}" is not a CIDR range (e.g. 10.0.0.0/8, fd00::/8)`);
  const max = v === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
    throw new Error(`--probe-allow: "${entry}": the prefix length must be 0–${max}`);
  return { address: addr, prefix, family: v === 4 ? 'ipv4' : 'ipv6' };
}

/** `::ffff:10.0.0.1`, `::ffff:a00:1`, `::10.0.0.1`, `64:ff9b::a00:1` → `10.0.0.1`; anything else unchanged. */
export function embeddedIpv4(address: string): string {
  if (isIP(address) !== 6) return address;
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return address;
}

export class AddressGuard {
  private readonly allowed = new BlockList();
  readonly allowList: readonly string[];

  /** `allow`: CIDR ranges a team lets the probe reach although they are not public. */
  constructor(allow: readonly string[] = []) {
    const list = allow
      .flatMap((a) => a.split(','))
      .map((a) => a.trim())
      .filter(Boolean);
    for (const e of list) {
      const c = parseCidr(e);
      this.allowed.addSubnet(c.address, c.prefix, c.family);
    }
    this.allowList = list;
  }

  /** Why this address is refused, or null when it may be reached. */
  refusal(address: string): string | null {
    const plain = address.replace(/^\[|\]$/g, '');
    const v4 = embeddedIpv4(plain);
    for (const a of new Set([plain, v4])) {
      const family = isIP(a) === 4 ? 'ipv4' : 'ipv6';
      if (this.allowed.check(a, family)) return null;
    }
    const family = isIP(v4) === 4 ? 'ipv4' : 'ipv6';
    for (const [cidr, what] of REFUSED) {
      const c = parseCidr(cidr);
      if (c.family !== family) continue;
      const one = new BlockList();
      one.addSubnet(c.address, c.prefix, c.family);
      if (one.check(v4, family)) return what;
    }
    return null;
  }

  /** Throws AddressRefusedError for a refused IP literal; a name is checked by `lookup` when it resolves. */
  checkLiteral(host: string): void {
    const h = host.replace(/^\[|\]$/g, '');
    if (!isIP(h)) return;
    const why = this.refusal(h);
    if (why) throw new AddressRefusedError(h, h, why);
  }

  /** A `dns.lookup` for net/tls.connect that resolves, refuses what may not be reached, and connects only to
   *  the addresses it checked. */
  readonly lookup = (
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const family =
      options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : Number(options.family ?? 0);
    dnsLookup(hostname, { all: true, family: family as 0 | 4 | 6 }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const why = this.refusal(a.address);
        if (why) return callback(new AddressRefusedError(hostname, a.address, why), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
