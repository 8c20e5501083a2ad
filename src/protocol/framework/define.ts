// Declaration API: defineResource / defineDataSource / defineProvider (and `declarationsFor`, which binds them to a
// provider's data type once). One declaration per type; the schema, JSON schema document, docs and all RPC behaviour
// are derived from it.
import type { CtyType } from '../cty/types.js';
import type { Diagnostic, Diagnostics } from '../diagnostics.js';
import type { Logger } from '../logging.js';
import type { Attributes, ModelOf, Planned } from './attributes.js';
import type { PrivateState } from './private-state.js';

/** Per-request context handed to every handler. */
export interface HandlerContext<PD = unknown> {
  diagnostics: Diagnostics;
  /** Private state (read in Read/Plan/Apply, written in Apply/Read/Import). */
  private: PrivateState;
  /** Aborted when Terraform calls StopProvider. */
  signal: AbortSignal;
  /** What the provider's configure() returned (undefined before ConfigureProvider). */
  providerData: PD;
  logger: Logger;
}

/** One HCL example of a reference page ("Example Usage"). */
export interface DocExample {
  /** Sub-heading when a page has several examples. */
  title?: string;
  /** Markdown shown above the code. */
  description?: string;
  /** HCL, formatted as `terraform fmt` would (the docs tests check it and run `terraform validate` on it). */
  hcl: string;
}

/** Extra Markdown section of a reference page, rendered after the examples. */
export interface DocSection {
  title: string;
  /** Markdown. */
  body: string;
}

/**
 * Documentation-only parts of a declaration, rendered into its reference page by docs.ts (never used at run
 * time). Attribute reference comes from the attributes themselves.
 */
export interface DeclDocs {
  examples?: DocExample[];
  sections?: DocSection[];
}

export interface ResourceDocs extends DeclDocs {
  /** The Import section: both the CLI and the `import {}` block forms are rendered from this. */
  import?: {
    /** Markdown: what the import id is. */
    id: string;
    /** A valid example id. */
    exampleId: string;
    /** Resource name of the import address (`<type>.<resourceName>`); the examples should declare it. */
    resourceName: string;
    /** Markdown after the two forms. */
    notes?: string;
  };
}

/** One identity attribute: a string, number or bool (or a list of them), required or optional to import. */
export interface IdentityAttribute {
  type: CtyType;
  /** "required": import by identity needs it; "optional": the provider can supply it. */
  forImport: 'required' | 'optional';
  /** Markdown. */
  description?: string;
}

/**
 * Resource identity (Terraform 1.12+): the attributes that name the remote object, derived from state. The
 * framework returns it from create/read/plan/apply/import, checks it never changes for the life of an object,
 * and imports by identity through importState (with `importId(identity)` as the id).
 */
export interface IdentityDecl<M> {
  /** Identity schema version (default 0: a later provider downgrade never meets a newer identity). */
  version?: number;
  attributes: Record<string, IdentityAttribute>;
  /** The identity of an object, from its state. */
  fromState(state: M): Record<string, unknown>;
  /** The import ID an identity stands for (default: the value of its one required attribute). */
  importId?: (identity: Record<string, unknown>) => string;
  /** Raw JSON identity upgraders keyed by the stored version (UpgradeResourceIdentity). */
  upgrade?: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>>;
}

export interface ResourceDecl<A extends Attributes, PD = any> {
  typeName: string;
  /** Markdown. */
  description?: string;
  /** Examples, extra sections and the import section of the reference page. */
  docs?: ResourceDocs;
  deprecated?: string;
  /** State schema version (default 0). */
  version?: number;
  attributes: A;
  /** Extra config validation (values may be unknown). Report with ctx.diagnostics. */
  validateConfig?: (config: Planned<ModelOf<A>>, diags: Diagnostics) => void;
  /** Last say over the plan, after attribute modifiers; returns the new plan. Must stay deterministic. */
  modifyPlan?: (req: {
    plan: Planned<ModelOf<A>>;
    config: Planned<ModelOf<A>>;
    prior: ModelOf<A> | null;
    ctx: HandlerContext<PD>;
  }) => Planned<ModelOf<A>> | void | Promise<Planned<ModelOf<A>> | void>;
  /** Called when a destroy is planned (plan_destroy); may add diagnostics, e.g. a warning saying what destroy does. */
  planDestroy?: (req: { prior: ModelOf<A>; ctx: HandlerContext<PD> }) => void | Promise<void>;
  /** 'passthrough' sets the `id` attribute from the import id; or return a partial state for Read to complete. */
  importState?: 'passthrough' | ((id: string, ctx: HandlerContext<PD>) => Promise<Partial<ModelOf<A>>>);
  /** Resource identity (Terraform 1.12+); without it Terraform cannot import by identity or list the type. */
  identity?: IdentityDecl<ModelOf<A>>;
  /**
   * Configuration for an object in state (GenerateResourceConfig, `-generate-config-out` on Terraform 1.14+): return
   * only what the configuration must say. The framework nulls computed-only, sensitive and write-only attributes.
   * Without it, or when it returns undefined, the state's optional and required values that differ from their
   * declared defaults are used.
   */
  generateConfig?: (req: {
    state: ModelOf<A>;
    ctx: HandlerContext<PD>;
  }) => Promise<Partial<ModelOf<A>> | undefined>;
  /** Raw JSON state upgraders keyed by the stored version; each returns the JSON shape of the next version. */
  upgradeState?: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>>;
  create(req: {
    plan: Planned<ModelOf<A>>;
    config: ModelOf<A>;
    ctx: HandlerContext<PD>;
  }): Promise<ModelOf<A>>;
  /** Return null when the remote object no longer exists. */
  read(req: { state: ModelOf<A>; ctx: HandlerContext<PD> }): Promise<ModelOf<A> | null>;
  update(req: {
    plan: Planned<ModelOf<A>>;
    prior: ModelOf<A>;
    config: ModelOf<A>;
    ctx: HandlerContext<PD>;
  }): Promise<ModelOf<A>>;
  delete(req: { prior: ModelOf<A>; ctx: HandlerContext<PD> }): Promise<void>;
}

/** What a data source and an action declare alike: a name, docs and a config schema with its own validation. */
export interface ConfigDecl<A extends Attributes> {
  typeName: string;
  /** Markdown. */
  description?: string;
  /** Examples and extra sections of the reference page. */
  docs?: DeclDocs;
  deprecated?: string;
  attributes: A;
  /** Extra config validation (values may be unknown). Report with diags. */
  validateConfig?: (config: Planned<ModelOf<A>>, diags: Diagnostics) => void;
}

export interface DataSourceDecl<A extends Attributes, PD = any> extends ConfigDecl<A> {
  read(req: { config: ModelOf<A>; ctx: HandlerContext<PD> }): Promise<ModelOf<A>>;
}

/** One object found by a list resource. */
export interface ListItem {
  /** Shown by `terraform query`. */
  displayName: string;
  /** The object's complete state as Read would return it (identity is derived from it). */
  state: Record<string, unknown>;
}

/**
 * A list resource (`list "<type>"` in a .tfquery.hcl file, Terraform 1.14+): every object its filters select,
 * for the managed resource type of the same name (which must declare an identity). The framework stops at
 * Terraform's limit, aborts `ctx.signal` when Terraform cancels the stream, and turns throws into diagnostics.
 */
/** The reference-page section of a list resource (rendered with its filters by docs.ts). */
export interface ListDocs {
  /** Section heading, e.g. "Finding widgets with terraform query". */
  title: string;
  /** Resource types whose pages show the section (default: the list's own type). */
  pages?: string[];
  /** Markdown for the page of `pageType`, above the list of filters. */
  body: (pageType: string) => string;
}

export interface ListResourceDecl<A extends Attributes, PD = any> {
  typeName: string;
  /** Markdown. */
  description?: string;
  docs?: ListDocs;
  /** The `config` block: filters, all optional. */
  attributes: A;
  validateConfig?: (config: Planned<ModelOf<A>>, diags: Diagnostics) => void;
  list(req: {
    config: ModelOf<A>;
    /** Terraform wants full objects (`include_resource = true`, or -generate-config-out). */
    includeResource: boolean;
    /** At most this many items are used; stop paging once they are yielded. */
    limit: number;
    ctx: HandlerContext<PD>;
  }): AsyncIterable<ListItem>;
}

/**
 * An action (`action "<type>" "<name>" { config { … } }`, Terraform 1.14+, protocol 6.10): a day-two operation that
 * changes no state. Its attributes are the `config` block (required or optional only). The framework validates
 * them (ValidateActionConfig, PlanAction), answers PlanAction with the diagnostics `plan` adds, and runs `invoke`
 * on the InvokeAction stream: each `progress(message)` is one progress event, and the framework sends the one
 * completed event itself, with the diagnostics (a throw becomes an error diagnostic). `ctx.signal` aborts when
 * Terraform cancels the stream or stops the provider: finish the step in hand, say what was done, and return.
 */
export interface ActionDecl<A extends Attributes, PD = any> extends ConfigDecl<A> {
  /** PlanAction, after validation: check what can be checked now (values may be unknown) and say what will happen
   *  (ctx.diagnostics; warnings are shown with the plan). */
  plan?: (req: { config: Planned<ModelOf<A>>; ctx: HandlerContext<PD> }) => Promise<void>;
  invoke(req: {
    config: ModelOf<A>;
    /** Sends one progress event (Terraform prints it); resolves once it is on its way. */
    progress: (message: string) => Promise<void>;
    ctx: HandlerContext<PD>;
  }): Promise<void>;
}

export interface ProviderDecl<A extends Attributes, PD = any> {
  /** Provider type, e.g. "uptime"; resource type names start with `<typeName>_`. */
  typeName: string;
  /** Full source address, e.g. registry.terraform.io/uptime-monitoring/uptime. */
  address: string;
  description?: string;
  schema: { attributes: A; description?: string };
  /** Examples and extra sections of the provider page (docs/index.md). */
  docs?: DeclDocs;
  configure?: (req: {
    config: Planned<ModelOf<A>>;
    terraformVersion: string;
    ctx: Omit<HandlerContext<undefined>, 'private' | 'providerData'>;
  }) => PD | Promise<PD>;
  validateConfig?: (config: Planned<ModelOf<A>>, diags: Diagnostics) => void;
  /**
   * Diagnostics about the run as a whole (not one resource), asked before each resource and data-source answer
   * (ReadResource, PlanResourceChange, ApplyResourceChange, ImportResourceState, ReadDataSource) is sent, with the
   * configured provider data and the call; whatever it returns is added to that answer. Terraform shows them with
   * the others at the end of the operation. A provider process ends without a last call of its own, so
   * `call.quiet()` (no other call in flight) marks an answer that may be the run's last. Return each one once.
   */
  runDiagnostics?: (providerData: PD | undefined, call: RunCall) => Diagnostic[] | Promise<Diagnostic[]>;
  resources?: AnyResource[];
  dataSources?: AnyDataSource[];
  listResources?: AnyListResource[];
  actions?: AnyAction[];
}

/** The call whose answer `runDiagnostics` may add to. */
export interface RunCall {
  rpc:
    'ReadResource' | 'PlanResourceChange' | 'ApplyResourceChange' | 'ImportResourceState' | 'ReadDataSource';
  /** True while no other call of Terraform's is in flight in this process. */
  quiet(): boolean;
}

export type AnyResource = ResourceDecl<Attributes, any>;
export type AnyDataSource = DataSourceDecl<Attributes, any>;
export type AnyProvider = ProviderDecl<Attributes, any>;
export type AnyListResource = ListResourceDecl<Attributes, any>;
export type AnyAction = ActionDecl<Attributes, any>;

export function defineResource<const A extends Attributes, PD = any>(decl: ResourceDecl<A, PD>): AnyResource {
  return decl as unknown as AnyResource;
}

export function defineDataSource<const A extends Attributes, PD = any>(
  decl: DataSourceDecl<A, PD>,
): AnyDataSource {
  return decl as unknown as AnyDataSource;
}

export function defineListResource<const A extends Attributes, PD = any>(
  decl: ListResourceDecl<A, PD>,
): AnyListResource {
  return decl as unknown as AnyListResource;
}

export function defineAction<const A extends Attributes, PD = any>(decl: ActionDecl<A, PD>): AnyAction {
  return decl as unknown as AnyAction;
}

export function defineProvider<const A extends Attributes, PD = any>(decl: ProviderDecl<A, PD>): AnyProvider {
  return decl as unknown as AnyProvider;
}

/**
 * The declaration functions bound to one provider's data type `PD` (what its `configure()` returns; include
 * `undefined` when a handler may run before ConfigureProvider): every resource, data source, list resource and
 * action declared through them sees `ctx.providerData` as `PD`, with no cast in any handler.
 * `const { resource, dataSource } = declarationsFor<MyProviderData | undefined>();`
 */
export function declarationsFor<PD>() {
  return {
    resource: <const A extends Attributes>(decl: ResourceDecl<A, PD>): AnyResource => defineResource(decl),
    dataSource: <const A extends Attributes>(decl: DataSourceDecl<A, PD>): AnyDataSource =>
      defineDataSource(decl),
    listResource: <const A extends Attributes>(decl: ListResourceDecl<A, PD>): AnyListResource =>
      defineListResource(decl),
    action: <const A extends Attributes>(decl: ActionDecl<A, PD>): AnyAction => defineAction(decl),
  };
}
