// The framework's rules for actions, in process (no monitors): definition-time checks, validation, PlanAction with
// unknowns, and the InvokeAction stream — progress events, exactly one completed event last, a throw as its error,
// unknown config refused, and a cancelled stream stopping the action with what was not delivered logged.
import { encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { ctyObject, ctyString, type CtyType } from '../../src/protocol/cty/types.js';
import { unknown, type CtyValue } from '../../src/protocol/cty/values.js';
import { boolAttr, defineAction, defineProvider, stringAttr } from '../../src/protocol/framework/index.js';
import { createProviderHandlers } from '../../src/protocol/framework/server.js';
import { Logger } from '../../src/protocol/logging.js';
import { errorDiag } from '../../src/protocol/diagnostics.js';
import type { EventSink, ProviderHandlers } from '../../src/protocol/server.js';

const TYPE: CtyType = ctyObject({ target: ctyString });
const dv = (v: CtyValue) => ({ msgpack: Buffer.from(encodeMsgpack(TYPE, v)) });

const done: string[] = [];
let afterStep: (ch: string) => void = () => {};
const echo = defineAction({
  typeName: 'x_echo',
  description: 'Says each letter of `target`.',
  attributes: { target: stringAttr({ required: true }) },
  validateConfig: (c, diags) => {
    if (c.target === 'bad') diags.error('Bad target', 'not that one', ['target']);
  },
  async plan({ config, ctx }) {
    ctx.diagnostics.warning('Will echo', typeof config.target === 'string' ? config.target : 'unknown');
  },
  async invoke({ config, progress, ctx }) {
    if (config.target === 'boom') throw new Error('it broke');
    for (const ch of config.target) {
      if (ctx.signal.aborted) return void ctx.diagnostics.error('Stopped', `done: ${done.join('')}`);
      done.push(ch);
      afterStep(ch);
      await progress(`letter ${ch}`);
    }
  },
});

function handlers(lines: string[] = []): ProviderHandlers {
  const logger = new Logger('warn', 'provider', (l) => lines.push(l));
  const provider = defineProvider({
    typeName: 'x',
    address: 'registry.terraform.io/test/x',
    schema: { attributes: {} },
    actions: [echo],
  });
  return createProviderHandlers(provider, { logger, signal: new AbortController().signal });
}

function sink(): EventSink & { events: any[]; cancel: () => void } {
  const ac = new AbortController();
  const events: any[] = [];
  return {
    events,
    signal: ac.signal,
    cancel: () => ac.abort(),
    write: async (e) => void events.push(e),
  };
}

describe('actions in the framework', () => {
  beforeEach(() => {
    done.splice(0);
    afterStep = () => {};
  });

  it('rejects computed action attributes at definition time', () => {
    const bad = defineAction({
      typeName: 'x_bad',
      attributes: { out: boolAttr({ computed: true }) },
      invoke: async () => {},
    });
    expect(() =>
      createProviderHandlers(
        defineProvider({ typeName: 'x', address: 'a/b/x', schema: { attributes: {} }, actions: [bad] }),
        { logger: new Logger('off', 'p', () => {}), signal: new AbortController().signal },
      ),
    ).toThrow('action x_bad.out: action attributes are required or optional');
  });

  it('declares the schema and metadata', async () => {
    const h = handlers();
    const schema = await h.GetProviderSchema!({});
    expect(Object.keys(schema.action_schemas as object)).toEqual(['x_echo']);
    const block = (schema.action_schemas as any).x_echo.schema.block;
    expect(block.attributes.map((a: any) => [a.name, a.required])).toEqual([['target', true]]);
    expect(block.description).toBe('Says each letter of `target`.');
    expect((await h.GetMetadata!({})).actions).toEqual([{ type_name: 'x_echo' }]);
  });

  it('validates, and plans with unknown values', async () => {
    const h = handlers();
    const v = await h.ValidateActionConfig!({ type_name: 'x_echo', config: dv({ target: 'bad' }) });
    expect(v.diagnostics).toEqual([expect.objectContaining({ summary: 'Bad target' })]);
    const p = await h.PlanAction!({ action_type: 'x_echo', config: dv({ target: unknown }) });
    expect(p.diagnostics).toEqual([expect.objectContaining({ severity: 'WARNING', detail: 'unknown' })]);
  });

  it('streams progress events, then one completed event', async () => {
    const s = sink();
    await handlers().InvokeAction!({ action_type: 'x_echo', config: dv({ target: 'abc' }) }, s);
    expect(s.events).toEqual([
      { progress: { message: 'letter a' } },
      { progress: { message: 'letter b' } },
      { progress: { message: 'letter c' } },
      { completed: { diagnostics: [] } },
    ]);
  });

  it('a throw is the completed event’s error; unknown or invalid config does nothing', async () => {
    const h = handlers();
    const boom = sink();
    await h.InvokeAction!({ action_type: 'x_echo', config: dv({ target: 'boom' }) }, boom);
    expect(boom.events).toEqual([
      { completed: { diagnostics: [expect.objectContaining({ severity: 'ERROR', detail: 'it broke' })] } },
    ]);
    const unk = sink();
    await h.InvokeAction!({ action_type: 'x_echo', config: dv({ target: unknown }) }, unk);
    expect(unk.events[0].completed.diagnostics[0].summary).toBe('Action configuration not known');
    const bad = sink();
    await h.InvokeAction!({ action_type: 'x_echo', config: dv({ target: 'bad' }) }, bad);
    expect(bad.events[0].completed.diagnostics[0].summary).toBe('Bad target');
    expect(done).toEqual([]);
  });

  it('a cancelled stream stops the action; what could not be delivered is logged', async () => {
    const lines: string[] = [];
    const s = sink();
    afterStep = (ch) => ch === 'c' && s.cancel(); // Terraform cancels while the third step is in hand
    await handlers(lines).InvokeAction!({ action_type: 'x_echo', config: dv({ target: 'abcdef' }) }, s);
    expect(s.events).toHaveLength(2);
    expect(done).toEqual(['a', 'b', 'c']); // the step in hand when the stream was cancelled finishes
    const logged = lines.map((l) => JSON.parse(l)['@message']);
    expect(logged).toEqual([
      'Action progress not delivered (Terraform cancelled the stream): letter c',
      'Action result not delivered (Terraform cancelled the stream): Stopped',
    ]);
  });

  it('plan-time validators run when the action is planned or invoked, not when it is validated', async () => {
    const picky = defineAction({
      typeName: 'x_picky',
      attributes: {
        target: stringAttr({
          required: true,
          planValidators: [
            {
              description: 'not "mocked"',
              validate: ({ value, path }) =>
                value === 'mocked' ? [errorDiag('Not a target', 'target must be real', path)] : [],
            },
          ],
        }),
      },
      invoke: async () => void done.push('invoked'),
    });
    const h = createProviderHandlers(
      defineProvider({ typeName: 'x', address: 'a/b/x', schema: { attributes: {} }, actions: [picky] }),
      { logger: new Logger('off', 'p', () => {}), signal: new AbortController().signal },
    );
    const config = dv({ target: 'mocked' });
    expect((await h.ValidateActionConfig!({ type_name: 'x_picky', config })).diagnostics).toEqual([]);
    const p = await h.PlanAction!({ action_type: 'x_picky', config });
    expect(p.diagnostics).toEqual([expect.objectContaining({ summary: 'Not a target' })]);
    const s = sink();
    await h.InvokeAction!({ action_type: 'x_picky', config }, s);
    expect(s.events[0].completed.diagnostics[0].detail).toBe('target must be real');
    expect(done).toEqual([]);
  });
});
