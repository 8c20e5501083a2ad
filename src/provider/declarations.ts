// The framework's declaration functions bound once to the provider's data type (what configure() returns in
// index.ts; undefined before ConfigureProvider): every resource, data source, list resource and action of this
// provider is declared through them, so its handlers see `ctx.providerData` typed.
import { declarationsFor } from '../protocol/framework/index.js';
import type { UptimeProviderData } from './session.js';

export const {
  resource: uptimeResource,
  dataSource: uptimeDataSource,
  listResource: uptimeListResource,
  action: uptimeAction,
} = declarationsFor<UptimeProviderData | undefined>();
