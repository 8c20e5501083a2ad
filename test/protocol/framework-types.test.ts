// What the compiler checks in a declaration (run by `tsc --noEmit`, `npm test`): a nested block's model is inferred
// from its attributes, and handlers declared through `declarationsFor` see the provider's data type.
import {
  declarationsFor,
  listNestedAttr,
  singleNestedAttr,
  stringAttr,
  int64Attr,
  type ModelOf,
} from '../../src/protocol/framework/index.js';

const attributes = {
  owner: singleNestedAttr({
    computed: true,
    attributes: { name: stringAttr({ computed: true }), age: int64Attr({ computed: true }) },
  }),
  tags: listNestedAttr({ optional: true, attributes: { key: stringAttr({ required: true }) } }),
};
type Model = ModelOf<typeof attributes>;

interface Data {
  greeting: string;
}
const { dataSource } = declarationsFor<Data | undefined>();

describe('declarations are typed', () => {
  test('a nested block has the model of its attributes', () => {
    const ok: Model = { owner: { name: 'a', age: 1 }, tags: [{ key: 'k' }] };
    // @ts-expect-error a nested attribute of the wrong type
    const wrongType: Model = { owner: { name: 42, age: 1 }, tags: null };
    // @ts-expect-error a required nested attribute left out
    const missing: Model = { owner: null, tags: [{}] };
    expect([ok, wrongType, missing]).toHaveLength(3);
  });

  test("handlers see the provider's data type and return the declared model", () => {
    const ds = dataSource({
      typeName: 'x_thing',
      attributes,
      read: async ({ config, ctx }) => ({
        ...config,
        owner: { name: ctx.providerData?.greeting ?? null, age: 3 },
      }),
    });
    const wrong = dataSource({
      typeName: 'x_wrong',
      attributes,
      // @ts-expect-error the read returns what the attributes declare
      read: async () => ({ owner: { name: 'a', age: 'old' }, tags: null }),
    });
    const unknownData = dataSource({
      typeName: 'x_data',
      attributes,
      // @ts-expect-error the provider data has no such member
      read: async ({ config, ctx }) => ({ ...config, owner: { name: ctx.providerData?.farewell, age: 1 } }),
    });
    expect([ds, wrong, unknownData].map((d) => d.typeName)).toEqual(['x_thing', 'x_wrong', 'x_data']);
  });
});
