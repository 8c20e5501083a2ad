// docs/data-sources/monitor_checks.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataUptimeMonitorChecksConfig extends cdktf.TerraformMetaArguments {
  /**
  * How many of the most recent checks to read, 1 to 1000. Omitted or null: 10.
  *
  * Docs: docs/data-sources/monitor_checks.md in the terraform-provider-uptime package, attribute `limit`
  */
  readonly limit?: number;
  /**
  * Monitor id (a UUID).
  *
  * Docs: docs/data-sources/monitor_checks.md in the terraform-provider-uptime package, attribute `monitor_id`
  */
  readonly monitorId: string;
  /**
  * Wait at most this long (a duration such as `90s` or `5m`, at most `30m`) until the monitor has been checked since its last change (its last check is newer than `updated_at`, or `created_at` when the service gives no `updated_at`), then read. When the wait runs out the read fails with an error naming the monitor and the time waited. A paused or archived monitor is not checked, so waiting for it fails at once. Omitted or null: read at once (`checked_since_change` says whether the facts are fresh).
  *
  * Docs: docs/data-sources/monitor_checks.md in the terraform-provider-uptime package, attribute `wait_for_check`
  */
  readonly waitForCheck?: string;
}
export interface DataUptimeMonitorChecksChecks {
}

export function dataUptimeMonitorChecksChecksToTerraform(struct?: DataUptimeMonitorChecksChecks): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorChecksChecksToHclTerraform(struct?: DataUptimeMonitorChecksChecks): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorChecksChecksOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): DataUptimeMonitorChecksChecks | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorChecksChecks | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // checked_at - computed: true, optional: false, required: false
  public get checkedAt() {
    return this.getStringAttribute('checked_at');
  }

  // failure_category - computed: true, optional: false, required: false
  public get failureCategory() {
    return this.getStringAttribute('failure_category');
  }

  // failure_reason - computed: true, optional: false, required: false
  public get failureReason() {
    return this.getStringAttribute('failure_reason');
  }

  // http_status - computed: true, optional: false, required: false
  public get httpStatus() {
    return this.getNumberAttribute('http_status');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // response_time_ms - computed: true, optional: false, required: false
  public get responseTimeMs() {
    return this.getNumberAttribute('response_time_ms');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }
}

export class DataUptimeMonitorChecksChecksList extends cdktf.ComplexList {

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
  public get(index: number): DataUptimeMonitorChecksChecksOutputReference {
    return new DataUptimeMonitorChecksChecksOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a uptime_monitor_checks (docs/data-sources/monitor_checks.md in the terraform-provider-uptime package)
*/
export class DataUptimeMonitorChecks extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitor_checks";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataUptimeMonitorChecks resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataUptimeMonitorChecks to import
  * @param importFromId The id of the existing DataUptimeMonitorChecks that should be imported. Refer to the import section (docs/data-sources/monitor_checks.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataUptimeMonitorChecks to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitor_checks", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitor_checks (docs/data-sources/monitor_checks.md in the terraform-provider-uptime package) Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataUptimeMonitorChecksConfig
  */
  public constructor(scope: Construct, id: string, config: DataUptimeMonitorChecksConfig) {
    super(scope, id, {
      terraformResourceType: 'uptime_monitor_checks',
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
    this._limit = config.limit;
    this._monitorId = config.monitorId;
    this._waitForCheck = config.waitForCheck;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // checked_since_change - computed: true, optional: false, required: false
  public get checkedSinceChange() {
    return this.getBooleanAttribute('checked_since_change');
  }

  // checks - computed: true, optional: false, required: false
  private _checks = new DataUptimeMonitorChecksChecksList(this, "checks", false);
  public get checks() {
    return this._checks;
  }

  // limit - computed: false, optional: true, required: false
  private _limit?: number; 
  public get limit() {
    return this.getNumberAttribute('limit');
  }
  public set limit(value: number) {
    this._limit = value;
  }
  public resetLimit() {
    this._limit = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get limitInput() {
    return this._limit;
  }

  // monitor_id - computed: false, optional: false, required: true
  private _monitorId?: string; 
  public get monitorId() {
    return this.getStringAttribute('monitor_id');
  }
  public set monitorId(value: string) {
    this._monitorId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get monitorIdInput() {
    return this._monitorId;
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
      limit: cdktf.numberToTerraform(this._limit),
      monitor_id: cdktf.stringToTerraform(this._monitorId),
      wait_for_check: cdktf.stringToTerraform(this._waitForCheck),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      limit: {
        value: cdktf.numberToHclTerraform(this._limit),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      monitor_id: {
        value: cdktf.stringToHclTerraform(this._monitorId),
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
