/** The provider's full source address; kept in a module of its own so the plugin entry can name it cheaply. */
export const PROVIDER_ADDRESS = 'registry.terraform.io/uptime-monitoring/uptime';
