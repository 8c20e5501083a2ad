// docs/data-sources/monitor.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataUptimeMonitorConfig extends cdktf.TerraformMetaArguments {
  /**
  * Monitor id (a UUID).
  *
  * Docs: docs/data-sources/monitor.md in the terraform-provider-uptime package, attribute `id`
  *
  * Please be aware that the id field is automatically added to all resources in Terraform providers using a Terraform provider SDK version below 2.
  * If you experience problems setting this value it might not be settable. Please take a look at the provider documentation to ensure it should be settable.
  */
  readonly id: string;
  /**
  * Wait at most this long (a duration such as `90s` or `5m`, at most `30m`) until the monitor has been checked since its last change (its last check is newer than `updated_at`, or `created_at` when the service gives no `updated_at`), then read. When the wait runs out the read fails with an error naming the monitor and the time waited. A paused or archived monitor is not checked, so waiting for it fails at once. Omitted or null: read at once (`checked_since_change` says whether the facts are fresh).
  *
  * Docs: docs/data-sources/monitor.md in the terraform-provider-uptime package, attribute `wait_for_check`
  */
  readonly waitForCheck?: string;
}
export interface DataUptimeMonitorDomainExpiry {
}

export function dataUptimeMonitorDomainExpiryToTerraform(struct?: DataUptimeMonitorDomainExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorDomainExpiryToHclTerraform(struct?: DataUptimeMonitorDomainExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorDomainExpiryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeMonitorDomainExpiry | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorDomainExpiry | undefined) {
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
export interface DataUptimeMonitorRequestHeaders {
}

export function dataUptimeMonitorRequestHeadersToTerraform(struct?: DataUptimeMonitorRequestHeaders): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorRequestHeadersToHclTerraform(struct?: DataUptimeMonitorRequestHeaders): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorRequestHeadersOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): DataUptimeMonitorRequestHeaders | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorRequestHeaders | undefined) {
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

export class DataUptimeMonitorRequestHeadersList extends cdktf.ComplexList {

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
  public get(index: number): DataUptimeMonitorRequestHeadersOutputReference {
    return new DataUptimeMonitorRequestHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface DataUptimeMonitorSslExpiry {
}

export function dataUptimeMonitorSslExpiryToTerraform(struct?: DataUptimeMonitorSslExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorSslExpiryToHclTerraform(struct?: DataUptimeMonitorSslExpiry): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorSslExpiryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeMonitorSslExpiry | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorSslExpiry | undefined) {
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

/**
* Represents a uptime_monitor (docs/data-sources/monitor.md in the terraform-provider-uptime package)
*/
export class DataUptimeMonitor extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitor";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataUptimeMonitor resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataUptimeMonitor to import
  * @param importFromId The id of the existing DataUptimeMonitor that should be imported. Refer to the import section (docs/data-sources/monitor.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataUptimeMonitor to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitor", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitor (docs/data-sources/monitor.md in the terraform-provider-uptime package) Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataUptimeMonitorConfig
  */
  public constructor(scope: Construct, id: string, config: DataUptimeMonitorConfig) {
    super(scope, id, {
      terraformResourceType: 'uptime_monitor',
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
    this._id = config.id;
    this._waitForCheck = config.waitForCheck;
  }

  // ==========
  // ATTRIBUTES
  // ==========

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

  // checked_since_change - computed: true, optional: false, required: false
  public get checkedSinceChange() {
    return this.getBooleanAttribute('checked_since_change');
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // domain_expiry - computed: true, optional: false, required: false
  private _domainExpiry = new DataUptimeMonitorDomainExpiryOutputReference(this, "domain_expiry");
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

  // id - computed: false, optional: false, required: true
  private _id?: string; 
  public get id() {
    return this.getStringAttribute('id');
  }
  public set id(value: string) {
    this._id = value;
  }
  // Temporarily expose input value. Use with caution.
  public get idInput() {
    return this._id;
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
  private _requestHeaders = new DataUptimeMonitorRequestHeadersList(this, "request_headers", false);
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
  private _sslExpiry = new DataUptimeMonitorSslExpiryOutputReference(this, "ssl_expiry");
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

  // wait_for_check - computed: false, optional: true, required: false
  private _waitForCheck?: string; 
  public get waitForCheck() {
    return this.getStringAttribute('wait_for_check');
  }
  public set waitForCheck(value: string) {
    this._waitForCheck = value;
  }
  public resetWaitForCheck() {
    this._waitForCheck = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get waitForCheckInput() {
    return this._waitForCheck;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      id: cdktf.stringToTerraform(this._id),
      wait_for_check: cdktf.stringToTerraform(this._waitForCheck),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      id: {
        value: cdktf.stringToHclTerraform(this._id),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      wait_for_check: {
        value: cdktf.stringToHclTerraform(this._waitForCheck),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
