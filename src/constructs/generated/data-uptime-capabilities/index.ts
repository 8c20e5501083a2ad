// docs/data-sources/capabilities.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataUptimeCapabilitiesConfig extends cdktf.TerraformMetaArguments {
}
export interface DataUptimeCapabilitiesAllowances {
}

export function dataUptimeCapabilitiesAllowancesToTerraform(struct?: DataUptimeCapabilitiesAllowances): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeCapabilitiesAllowancesToHclTerraform(struct?: DataUptimeCapabilitiesAllowances): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeCapabilitiesAllowancesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeCapabilitiesAllowances | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeCapabilitiesAllowances | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // monthly - computed: true, optional: false, required: false
  public get monthly() {
    return this.getNumberAttribute('monthly');
  }

  // per_minute - computed: true, optional: false, required: false
  public get perMinute() {
    return this.getNumberAttribute('per_minute');
  }
}
export interface DataUptimeCapabilitiesFeatures {
}

export function dataUptimeCapabilitiesFeaturesToTerraform(struct?: DataUptimeCapabilitiesFeatures): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeCapabilitiesFeaturesToHclTerraform(struct?: DataUptimeCapabilitiesFeatures): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeCapabilitiesFeaturesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeCapabilitiesFeatures | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeCapabilitiesFeatures | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // checks - computed: true, optional: false, required: false
  public get checks() {
    return this.getBooleanAttribute('checks');
  }

  // exports - computed: true, optional: false, required: false
  public get exports() {
    return this.getBooleanAttribute('exports');
  }

  // sms_alerts - computed: true, optional: false, required: false
  public get smsAlerts() {
    return this.getBooleanAttribute('sms_alerts');
  }

  // status_pages - computed: true, optional: false, required: false
  public get statusPages() {
    return this.getBooleanAttribute('status_pages');
  }
}
export interface DataUptimeCapabilitiesPlan {
}

export function dataUptimeCapabilitiesPlanToTerraform(struct?: DataUptimeCapabilitiesPlan): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeCapabilitiesPlanToHclTerraform(struct?: DataUptimeCapabilitiesPlan): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeCapabilitiesPlanOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeCapabilitiesPlan | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeCapabilitiesPlan | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // allowed_intervals - computed: true, optional: false, required: false
  public get allowedIntervals() {
    return this.getNumberListAttribute('allowed_intervals');
  }

  // min_interval_seconds - computed: true, optional: false, required: false
  public get minIntervalSeconds() {
    return this.getNumberAttribute('min_interval_seconds');
  }

  // monitor_capacity - computed: true, optional: false, required: false
  public get monitorCapacity() {
    return this.getNumberAttribute('monitor_capacity');
  }

  // monitors_used - computed: true, optional: false, required: false
  public get monitorsUsed() {
    return this.getNumberAttribute('monitors_used');
  }

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
  }

  // pro - computed: true, optional: false, required: false
  public get pro() {
    return this.getBooleanAttribute('pro');
  }
}
export interface DataUptimeCapabilitiesToken {
}

export function dataUptimeCapabilitiesTokenToTerraform(struct?: DataUptimeCapabilitiesToken): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeCapabilitiesTokenToHclTerraform(struct?: DataUptimeCapabilitiesToken): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeCapabilitiesTokenOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataUptimeCapabilitiesToken | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeCapabilitiesToken | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // expires_at - computed: true, optional: false, required: false
  public get expiresAt() {
    return this.getStringAttribute('expires_at');
  }

  // monitor_ids - computed: true, optional: false, required: false
  public get monitorIds() {
    return this.getListAttribute('monitor_ids');
  }

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
  }

  // restricted - computed: true, optional: false, required: false
  public get restricted() {
    return this.getBooleanAttribute('restricted');
  }

  // scopes - computed: true, optional: false, required: false
  public get scopes() {
    return this.getListAttribute('scopes');
  }
}

/**
* Represents a uptime_capabilities (docs/data-sources/capabilities.md in the terraform-provider-uptime package)
*/
export class DataUptimeCapabilities extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_capabilities";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataUptimeCapabilities resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataUptimeCapabilities to import
  * @param importFromId The id of the existing DataUptimeCapabilities that should be imported. Refer to the import section (docs/data-sources/capabilities.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataUptimeCapabilities to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_capabilities", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_capabilities (docs/data-sources/capabilities.md in the terraform-provider-uptime package) Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataUptimeCapabilitiesConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataUptimeCapabilitiesConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'uptime_capabilities',
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
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // allowances - computed: true, optional: false, required: false
  private _allowances = new DataUptimeCapabilitiesAllowancesOutputReference(this, "allowances");
  public get allowances() {
    return this._allowances;
  }

  // features - computed: true, optional: false, required: false
  private _features = new DataUptimeCapabilitiesFeaturesOutputReference(this, "features");
  public get features() {
    return this._features;
  }

  // plan - computed: true, optional: false, required: false
  private _plan = new DataUptimeCapabilitiesPlanOutputReference(this, "plan");
  public get plan() {
    return this._plan;
  }

  // token - computed: true, optional: false, required: false
  private _token = new DataUptimeCapabilitiesTokenOutputReference(this, "token");
  public get token() {
    return this._token;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
    };
    return attrs;
  }
}
