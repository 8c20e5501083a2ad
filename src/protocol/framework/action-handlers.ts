// Framework handlers for actions (Terraform 1.14+, protocol 6.10): ValidateActionConfig, PlanAction and the
// InvokeAction server stream (progress events, then exactly one completed event carrying the diagnostics).
import { isWhollyKnown } from '../cty/values.js';
import { errorDiag, type Diagnostic } from '../diagnostics.js';
import type { EventSink, ProviderHandlers } from '../server.js';
import { decodeDV, guarded, wire, type CompiledAction, type Framework } from './context.js';
import { validateDeclared } from './validate.js';
import { clone, normalize, type Obj } from './values.js';

const configOf = (a: CompiledAction, dv: unknown): Obj =>
  (decodeDV(a, dv as never) as Obj | null) ?? normalize(a.attrs, {});

async function invokeAction(fw: Framework, req: any, sink: EventSink): Promise<void> {
  const complete = (items: Diagnostic[]) => sink.write({ completed: { diagnostics: wire(items) } });
  const a = fw.actions.get(req.action_type as string);
  if (!a)
    return complete([
      errorDiag('Unknown action', `This provider has no action ${JSON.stringify(req.action_type)}.`),
    ]);
  let config: Obj;
  try {
    config = configOf(a, req.config);
  } catch (err) {
    return complete([errorDiag('Invalid action configuration', (err as Error).message)]);
  }
  const invalid = validateDeclared(a, config, { inUse: true });
  if (invalid.hasErrors()) return complete(invalid.items);
  if (!isWhollyKnown(a.type, config))
    return complete([
      errorDiag(
        'Action configuration not known',
        `${a.typeName}: Terraform invoked the action with values that are not known yet; nothing was done.`,
      ),
    ]);
  // Terraform cancelling the stream or stopping the provider both stop the action; what it had done by then it
  // has said in progress events, or (once nobody reads the stream) in the provider's log.
  const signal = AbortSignal.any([sink.signal, fw.runtime.signal]);
  const c = fw.ctx(undefined, signal);
  let finished = false;
  const progress = async (message: string) => {
    if (finished) throw new Error(`${a.typeName}: progress after the action finished`);
    if (sink.signal.aborted) {
      fw.log.warn(`Action progress not delivered (Terraform cancelled the stream): ${message}`, {
        tf_action_type: a.typeName,
      });
      return;
    }
    fw.log.info(message, { tf_action_type: a.typeName });
    await sink.write({ progress: { message } });
  };
  await guarded(c, `${a.typeName} failed`, () =>
    a.invoke({ config: clone(config) as never, progress, ctx: c }),
  );
  finished = true;
  if (sink.signal.aborted) {
    for (const d of c.diagnostics.items)
      fw.log.warn(`Action result not delivered (Terraform cancelled the stream): ${d.summary}`, {
        tf_action_type: a.typeName,
        detail: d.detail,
      });
    return;
  }
  await complete(c.diagnostics.items);
}

export function actionHandlers(fw: Framework): ProviderHandlers {
  if (!fw.actions.size) return {};
  return {
    ValidateActionConfig: async (req) => {
      const a = fw.action(req.type_name);
      return { diagnostics: wire(validateDeclared(a, decodeDV(a, req.config) as Obj | null).items) };
    },
    PlanAction: async (req) => {
      const a = fw.action(req.action_type);
      const config = configOf(a, req.config);
      const c = fw.ctx();
      c.diagnostics.add(...validateDeclared(a, config, { inUse: true }).items);
      if (!c.diagnostics.hasErrors() && a.plan)
        await guarded(c, `Planning ${a.typeName} failed`, () =>
          a.plan!({ config: clone(config) as never, ctx: c }),
        );
      return { diagnostics: wire(c.diagnostics.items) };
    },
    InvokeAction: (req, sink) => invokeAction(fw, req, sink),
  };
}
