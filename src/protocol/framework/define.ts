// Declaration API: defineResource / defineDataSource / defineProvider. One declaration per type; the schema,
// JSON schema document, docs and all RPC behaviour are derived from it.
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

export interface DataSourceDecl<A extends Attributes, PD = any> {
  typeName: string;
  description?: string;
  /** Examples and extra sections of the reference page. */
  docs?: DeclDocs;
  deprecated?: string;
  attributes: A;
  validateConfig?: (config: Planned<ModelOf<A>>, diags: Diagnostics) => void;
  read(req: { config: ModelOf<A>; ctx: HandlerContext<PD> }): Promise<ModelOf<A>>;
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
   * Diagnostics about the run as a whole (not one resource), asked after each resource and data-source call with
   * the configured provider data; whatever it returns is added to that call's answer. Return each one once.
   */
  runDiagnostics?: (providerData: PD | undefined) => Diagnostic[];
  resources?: AnyResource[];
  dataSources?: AnyDataSource[];
}

export type AnyResource = ResourceDecl<Attributes, any>;
export type AnyDataSource = DataSourceDecl<Attributes, any>;
export type AnyProvider = ProviderDecl<Attributes, any>;

export function defineResource<const A extends Attributes, PD = any>(decl: ResourceDecl<A, PD>): AnyResource {
  return decl as unknown as AnyResource;
}

export function defineDataSource<const A extends Attributes, PD = any>(
  decl: DataSourceDecl<A, PD>,
): AnyDataSource {
  return decl as unknown as AnyDataSource;
}

export function defineProvider<const A extends Attributes, PD = any>(decl: ProviderDecl<A, PD>): AnyProvider {
  return decl as unknown as AnyProvider;
}
