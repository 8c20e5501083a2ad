// The blocks that hold a secret are declared twice over in name only: by the API model (MONITOR_SECRET_BLOCKS, which
// the local service merges and hides by) and in the provider's tables (which map them). They must say the same: the
// same nesting, the same item key or kind, the same secret, the same kinds.
import { MONITOR_SECRET_BLOCKS } from '../../../src/api/index.js';
import { isBlock, isSecret } from '../../../src/provider/fields/field.js';
import { TABLES } from '../../../src/provider/fields/index.js';

describe('blocks holding a secret', () => {
  const declared = Object.values(TABLES).flatMap((table) =>
    Object.entries(table).flatMap(([api, d]) =>
      isBlock(d) && Object.values(d.fields).some(isSecret) ? [[api, d] as const] : [],
    ),
  );

  test('every one in the tables is one the API model declares, and the reverse', () => {
    expect(declared.map(([api]) => api).sort()).toEqual(Object.keys(MONITOR_SECRET_BLOCKS).sort());
  });

  test.each(declared)('%s: the same nesting, key, secret and kinds', (api, d) => {
    const model = MONITOR_SECRET_BLOCKS[api as keyof typeof MONITOR_SECRET_BLOCKS];
    const secret = Object.entries(d.fields).find(([, f]) => isSecret(f))![0];
    expect({ nesting: d.nesting, key: d.key, secret, kinds: d.kinds }).toEqual({
      nesting: model.nesting,
      key: model.key,
      secret: model.secret,
      kinds: 'kinds' in model ? model.kinds : undefined,
    });
  });
});
