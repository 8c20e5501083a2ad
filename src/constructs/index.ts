// `terraform-provider-uptime/cdktf`: the generated CDKTF bindings (namespaces shaped like the prebuilt
// providers) and, later, the hand-written product constructs.
export * from './generated/index.js';
