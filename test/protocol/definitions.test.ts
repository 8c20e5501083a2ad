// The embedded wire definitions are Terraform's official 6.10 tfplugin6.proto plus marked 6.11 lines, and the
// server knows every RPC of it (so an unserved one is answered UNIMPLEMENTED by grpc-js, not mis-decoded).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TFPLUGIN6_PROTO } from '../../src/protocol/proto/tfplugin6.js';
import { loadServices } from '../../src/protocol/proto/load.js';
import { officialService } from './compat/terraform.js';

const dir = join(__dirname, 'compat', 'tfplugin');
const MARK = ' // 6.11 (next/tfplugin6.proto)';

describe('embedded tfplugin6 definitions', () => {
  it('are the official 6.10 file verbatim, plus 6.11 lines that exist in the 6.11 file', () => {
    const lines = TFPLUGIN6_PROTO.split('\n');
    const added = lines.filter((l) => l.endsWith(MARK)).map((l) => l.slice(0, -MARK.length));
    expect(added).toEqual([
      '    bool store_planned_private = 3;',
      '    bool computed_blocks_allowed = 4;',
      '        bytes planned_private = 9;',
    ]);
    expect(lines.filter((l) => !l.endsWith(MARK)).join('\n')).toBe(
      readFileSync(join(dir, 'tfplugin6.proto'), 'utf8'),
    );
    const next = readFileSync(join(dir, 'next', 'tfplugin6.proto'), 'utf8').split('\n');
    for (const l of added) expect(next).toContain(l);
  });

  it('give the server every RPC of the official service, with the same streaming shape', () => {
    const ours = loadServices().provider;
    const official = officialService('tfplugin6.proto');
    expect(Object.keys(ours).sort()).toEqual(Object.keys(official).sort());
    for (const [name, def] of Object.entries(official))
      expect([name, ours[name]!.path, ours[name]!.requestStream, ours[name]!.responseStream]).toEqual([
        name,
        def.path,
        def.requestStream,
        def.responseStream,
      ]);
  });
});
