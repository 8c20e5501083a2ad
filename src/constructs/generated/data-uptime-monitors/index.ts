// docs/data-sources/monitors.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataUptimeMonitorsConfig extends cdktf.TerraformMetaArguments {
  /**
  * Only enabled (true) or disabled (false) monitors.
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled?: boolean | cdktf.IResolvable;
  /**
  * Also list archived monitors (`archived = true`). Omitted or null: `false`, as the `list "uptime_monitor"` block of `terraform query` (provider 0.1.0 listed archived monitors by default: set `include_archived = true` to keep that).
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `include_archived`
  */
  readonly includeArchived?: boolean | cdktf.IResolvable;
  /**
  * Only monitors with this status: `up`, `down`, `pending` or `paused`.
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `status`
  */
  readonly status?: string;
  /**
  * Only monitors of this type (http).
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `type`
  */
  readonly type?: string;
  /**
  * Only monitors updated after this RFC 3339 time.
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `updated_after`
  */
  readonly updatedAfter?: string;
  /**
  * Only monitors updated before this RFC 3339 time.
  *
  * Docs: docs/data-sources/monitors.md in the terraform-provider-uptime package, attribute `updated_before`
  */
  readonly updatedBefore?: string;
}
export interface DataUptimeMonitorsMonitorsDomainExpiry {
}

export function dataUptimeMonitorsMonitorsDomainExpiryToTerraform(struct?: DataUptimeMonitorsMonitorsDomainExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorsMonitorsDomainExpiryToHclTerraform(struct?: DataUptimeMonitorsMonitorsDomainExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorsMonitorsDomainExpiryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeMonitorsMonitorsDomainExpiry | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorsMonitorsDomainExpiry | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // days_remaining - computed: true, optional: false, required: false
  public get daysRemaining() {
    return this.getNumberAttribute('days_remaining');
  }

  // enabled - computed: true, optional: false, required: false
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }

  // expires_at - computed: true, optional: false, required: false
  public get expiresAt() {
    return this.getStringAttribute('expires_at');
  }

  // last_checked_at - computed: true, optional: false, required: false
  public get lastCheckedAt() {
    return this.getStringAttribute('last_checked_at');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // warn_days - computed: true, optional: false, required: false
  public get warnDays() {
    return this.getNumberAttribute('warn_days');
  }
}
export interface DataUptimeMonitorsMonitorsRequestHeaders {
}

export function dataUptimeMonitorsMonitorsRequestHeadersToTerraform(struct?: DataUptimeMonitorsMonitorsRequestHeaders): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorsMonitorsRequestHeadersToHclTerraform(struct?: DataUptimeMonitorsMonitorsRequestHeaders): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorsMonitorsRequestHeadersOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): DataUptimeMonitorsMonitorsRequestHeaders | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorsMonitorsRequestHeaders | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
  }

  // value_set - computed: true, optional: false, required: false
  public get valueSet() {
    return this.getBooleanAttribute('value_set');
  }
}

export class DataUptimeMonitorsMonitorsRequestHeadersList extends cdktf.ComplexList {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): DataUptimeMonitorsMonitorsRequestHeadersOutputReference {
    return new DataUptimeMonitorsMonitorsRequestHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface DataUptimeMonitorsMonitorsSslExpiry {
}

export function dataUptimeMonitorsMonitorsSslExpiryToTerraform(struct?: DataUptimeMonitorsMonitorsSslExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorsMonitorsSslExpiryToHclTerraform(struct?: DataUptimeMonitorsMonitorsSslExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorsMonitorsSslExpiryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeMonitorsMonitorsSslExpiry | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorsMonitorsSslExpiry | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // days_remaining - computed: true, optional: false, required: false
  public get daysRemaining() {
    return this.getNumberAttribute('days_remaining');
  }

  // enabled - computed: true, optional: false, required: false
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }

  // expires_at - computed: true, optional: false, required: false
  public get expiresAt() {
    return this.getStringAttribute('expires_at');
  }

  // last_checked_at - computed: true, optional: false, required: false
  public get lastCheckedAt() {
    return this.getStringAttribute('last_checked_at');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // warn_days - computed: true, optional: false, required: false
  public get warnDays() {
    return this.getNumberAttribute('warn_days');
  }
}
export interface DataUptimeMonitorsMonitors {
}

export function dataUptimeMonitorsMonitorsToTerraform(struct?: DataUptimeMonitorsMonitors): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorsMonitorsToHclTerraform(struct?: DataUptimeMonitorsMonitors): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorsMonitorsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): DataUptimeMonitorsMonitors | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorsMonitors | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // accepted_status_codes - computed: true, optional: false, required: false
  public get acceptedStatusCodes() {
    return this.getNumberListAttribute('accepted_status_codes');
  }

  // archived - computed: true, optional: false, required: false
  public get archived() {
    return this.getBooleanAttribute('archived');
  }

  // auth_password_set - computed: true, optional: false, required: false
  public get authPasswordSet() {
    return this.getBooleanAttribute('auth_password_set');
  }

  // auth_type - computed: true, optional: false, required: false
  public get authType() {
    return this.getStringAttribute('auth_type');
  }

  // auth_username - computed: true, optional: false, required: false
  public get authUsername() {
    return this.getStringAttribute('auth_username');
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // domain_expiry - computed: true, optional: false, required: false
  private _domainExpiry = new DataUptimeMonitorsMonitorsDomainExpiryOutputReference(this, "domain_expiry");
  public get domainExpiry() {
    return this._domainExpiry;
  }

  // enabled - computed: true, optional: false, required: false
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }

  // follow_redirects - computed: true, optional: false, required: false
  public get followRedirects() {
    return this.getBooleanAttribute('follow_redirects');
  }

  // http_status - computed: true, optional: false, required: false
  public get httpStatus() {
    return this.getNumberAttribute('http_status');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // interval_seconds - computed: true, optional: false, required: false
  public get intervalSeconds() {
    return this.getNumberAttribute('interval_seconds');
  }

  // last_check_at - computed: true, optional: false, required: false
  public get lastCheckAt() {
    return this.getStringAttribute('last_check_at');
  }

  // last_status_at - computed: true, optional: false, required: false
  public get lastStatusAt() {
    return this.getStringAttribute('last_status_at');
  }

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
  }

  // request_headers - computed: true, optional: false, required: false
  private _requestHeaders = new DataUptimeMonitorsMonitorsRequestHeadersList(this, "request_headers", false);
  public get requestHeaders() {
    return this._requestHeaders;
  }

  // request_method - computed: true, optional: false, required: false
  public get requestMethod() {
    return this.getStringAttribute('request_method');
  }

  // response_time_ms - computed: true, optional: false, required: false
  public get responseTimeMs() {
    return this.getNumberAttribute('response_time_ms');
  }

  // ssl_expiry - computed: true, optional: false, required: false
  private _sslExpiry = new DataUptimeMonitorsMonitorsSslExpiryOutputReference(this, "ssl_expiry");
  public get sslExpiry() {
    return this._sslExpiry;
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // timeout_ms - computed: true, optional: false, required: false
  public get timeoutMs() {
    return this.getNumberAttribute('timeout_ms');
  }

  // type - computed: true, optional: false, required: false
  public get type() {
    return this.getStringAttribute('type');
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // url - computed: true, optional: false, required: false
  public get url() {
    return this.getStringAttribute('url');
  }

  // version - computed: true, optional: false, required: false
  public get version() {
    return this.getStringAttribute('version');
  }
}

export class DataUptimeMonitorsMonitorsList extends cdktf.ComplexList {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): DataUptimeMonitorsMonitorsOutputReference {
    return new DataUptimeMonitorsMonitorsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a uptime_monitors (docs/data-sources/monitors.md in the terraform-provider-uptime package)
*/
export class DataUptimeMonitors extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitors";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataUptimeMonitors resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataUptimeMonitors to import
  * @param importFromId The id of the existing DataUptimeMonitors that should be imported. Refer to the import section (docs/data-sources/monitors.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataUptimeMonitors to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitors", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitors (docs/data-sources/monitors.md in the terraform-provider-uptime package) Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataUptimeMonitorsConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataUptimeMonitorsConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'uptime_monitors',
      terraformGeneratorMetadata: {
        providerName: 'uptime',
        providerVersion: '0.1.0',
        providerVersionConstraint: '~> 0.1'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._enabled = config.enabled;
    this._includeArchived = config.includeArchived;
    this._status = config.status;
    this._type = config.type;
    this._updatedAfter = config.updatedAfter;
    this._updatedBefore = config.updatedBefore;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // enabled - computed: false, optional: true, required: false
  private _enabled?: boolean | cdktf.IResolvable; 
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }
  public set enabled(value: boolean | cdktf.IResolvable) {
    this._enabled = value;
  }
  public resetEnabled() {
    this._enabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get enabledInput() {
    return this._enabled;
  }

  // ids - computed: true, optional: false, required: false
  public get ids() {
    return this.getListAttribute('ids');
  }

  // include_archived - computed: false, optional: true, required: false
  private _includeArchived?: boolean | cdktf.IResolvable; 
  public get includeArchived() {
    return this.getBooleanAttribute('include_archived');
  }
  public set includeArchived(value: boolean | cdktf.IResolvable) {
    this._includeArchived = value;
  }
  public resetIncludeArchived() {
    this._includeArchived = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get includeArchivedInput() {
    return this._includeArchived;
  }

  // monitors - computed: true, optional: false, required: false
  private _monitors = new DataUptimeMonitorsMonitorsList(this, "monitors", false);
  public get monitors() {
    return this._monitors;
  }

  // status - computed: false, optional: true, required: false
  private _status?: string; 
  public get status() {
    return this.getStringAttribute('status');
  }
  public set status(value: string) {
    this._status = value;
  }
  public resetStatus() {
    this._status = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusInput() {
    return this._status;
  }

  // type - computed: false, optional: true, required: false
  private _type?: string; 
  public get type() {
    return this.getStringAttribute('type');
  }
  public set type(value: string) {
    this._type = value;
  }
  public resetType() {
    this._type = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get typeInput() {
    return this._type;
  }

  // updated_after - computed: false, optional: true, required: false
  private _updatedAfter?: string; 
  public get updatedAfter() {
    return this.getStringAttribute('updated_after');
  }
  public set updatedAfter(value: string) {
    this._updatedAfter = value;
  }
  public resetUpdatedAfter() {
    this._updatedAfter = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get updatedAfterInput() {
    return this._updatedAfter;
  }

  // updated_before - computed: false, optional: true, required: false
  private _updatedBefore?: string; 
  public get updatedBefore() {
    return this.getStringAttribute('updated_before');
  }
  public set updatedBefore(value: string) {
    this._updatedBefore = value;
  }
  public resetUpdatedBefore() {
    this._updatedBefore = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get updatedBeforeInput() {
    return this._updatedBefore;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      enabled: cdktf.booleanToTerraform(this._enabled),
      include_archived: cdktf.booleanToTerraform(this._includeArchived),
      status: cdktf.stringToTerraform(this._status),
      type: cdktf.stringToTerraform(this._type),
      updated_after: cdktf.stringToTerraform(this._updatedAfter),
      updated_before: cdktf.stringToTerraform(this._updatedBefore),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      enabled: {
        value: cdktf.booleanToHclTerraform(this._enabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      include_archived: {
        value: cdktf.booleanToHclTerraform(this._includeArchived),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      status: {
        value: cdktf.stringToHclTerraform(this._status),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      type: {
        value: cdktf.stringToHclTerraform(this._type),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      updated_after: {
        value: cdktf.stringToHclTerraform(this._updatedAfter),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      updated_before: {
        value: cdktf.stringToHclTerraform(this._updatedBefore),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
