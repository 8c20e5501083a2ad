// docs/data-sources/monitor_summary.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataUptimeMonitorSummaryConfig extends cdktf.TerraformMetaArguments {
  /**
  * Monitor id (a UUID).
  *
  * Docs: docs/data-sources/monitor_summary.md in the terraform-provider-uptime package, attribute `monitor_id`
  */
  readonly monitorId: string;
  /**
  * The window, ending now: `24h`, `7d`, `30d`. Omitted or null: `24h`.
  *
  * Docs: docs/data-sources/monitor_summary.md in the terraform-provider-uptime package, attribute `range`
  */
  readonly range?: string;
  /**
  * Wait at most this long (a duration such as `90s` or `5m`, at most `30m`) until the monitor has been checked since its last change (its last check is newer than `updated_at`, or `created_at` when the service gives no `updated_at`), then read. When the wait runs out the read fails with an error naming the monitor and the time waited. A paused or archived monitor is not checked, so waiting for it fails at once. Omitted or null: read at once (`checked_since_change` says whether the facts are fresh).
  *
  * Docs: docs/data-sources/monitor_summary.md in the terraform-provider-uptime package, attribute `wait_for_check`
  */
  readonly waitForCheck?: string;
}
export interface DataUptimeMonitorSummaryTimeline {
}

export function dataUptimeMonitorSummaryTimelineToTerraform(struct?: DataUptimeMonitorSummaryTimeline): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataUptimeMonitorSummaryTimelineToHclTerraform(struct?: DataUptimeMonitorSummaryTimeline): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataUptimeMonitorSummaryTimelineOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): DataUptimeMonitorSummaryTimeline | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataUptimeMonitorSummaryTimeline | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // avg_response_time_ms - computed: true, optional: false, required: false
  public get avgResponseTimeMs() {
    return this.getNumberAttribute('avg_response_time_ms');
  }

  // checks - computed: true, optional: false, required: false
  public get checks() {
    return this.getNumberAttribute('checks');
  }

  // end - computed: true, optional: false, required: false
  public get end() {
    return this.getStringAttribute('end');
  }

  // start - computed: true, optional: false, required: false
  public get start() {
    return this.getStringAttribute('start');
  }

  // up_checks - computed: true, optional: false, required: false
  public get upChecks() {
    return this.getNumberAttribute('up_checks');
  }

  // uptime_percent - computed: true, optional: false, required: false
  public get uptimePercent() {
    return this.getNumberAttribute('uptime_percent');
  }
}

export class DataUptimeMonitorSummaryTimelineList extends cdktf.ComplexList {

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
  public get(index: number): DataUptimeMonitorSummaryTimelineOutputReference {
    return new DataUptimeMonitorSummaryTimelineOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a uptime_monitor_summary (docs/data-sources/monitor_summary.md in the terraform-provider-uptime package)
*/
export class DataUptimeMonitorSummary extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitor_summary";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataUptimeMonitorSummary resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataUptimeMonitorSummary to import
  * @param importFromId The id of the existing DataUptimeMonitorSummary that should be imported. Refer to the import section (docs/data-sources/monitor_summary.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataUptimeMonitorSummary to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitor_summary", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitor_summary (docs/data-sources/monitor_summary.md in the terraform-provider-uptime package) Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataUptimeMonitorSummaryConfig
  */
  public constructor(scope: Construct, id: string, config: DataUptimeMonitorSummaryConfig) {
    super(scope, id, {
      terraformResourceType: 'uptime_monitor_summary',
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
    this._monitorId = config.monitorId;
    this._range = config.range;
    this._waitForCheck = config.waitForCheck;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // checked_since_change - computed: true, optional: false, required: false
  public get checkedSinceChange() {
    return this.getBooleanAttribute('checked_since_change');
  }

  // checks_down - computed: true, optional: false, required: false
  public get checksDown() {
    return this.getNumberAttribute('checks_down');
  }

  // checks_total - computed: true, optional: false, required: false
  public get checksTotal() {
    return this.getNumberAttribute('checks_total');
  }

  // checks_up - computed: true, optional: false, required: false
  public get checksUp() {
    return this.getNumberAttribute('checks_up');
  }

  // from - computed: true, optional: false, required: false
  public get from() {
    return this.getStringAttribute('from');
  }

  // incidents - computed: true, optional: false, required: false
  public get incidents() {
    return this.getNumberAttribute('incidents');
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

  // range - computed: false, optional: true, required: false
  private _range?: string; 
  public get range() {
    return this.getStringAttribute('range');
  }
  public set range(value: string) {
    this._range = value;
  }
  public resetRange() {
    this._range = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rangeInput() {
    return this._range;
  }

  // response_time_avg_ms - computed: true, optional: false, required: false
  public get responseTimeAvgMs() {
    return this.getNumberAttribute('response_time_avg_ms');
  }

  // response_time_max_ms - computed: true, optional: false, required: false
  public get responseTimeMaxMs() {
    return this.getNumberAttribute('response_time_max_ms');
  }

  // response_time_p95_ms - computed: true, optional: false, required: false
  public get responseTimeP95Ms() {
    return this.getNumberAttribute('response_time_p95_ms');
  }

  // timeline - computed: true, optional: false, required: false
  private _timeline = new DataUptimeMonitorSummaryTimelineList(this, "timeline", false);
  public get timeline() {
    return this._timeline;
  }

  // to - computed: true, optional: false, required: false
  public get to() {
    return this.getStringAttribute('to');
  }

  // uptime_percent - computed: true, optional: false, required: false
  public get uptimePercent() {
    return this.getNumberAttribute('uptime_percent');
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
      monitor_id: cdktf.stringToTerraform(this._monitorId),
      range: cdktf.stringToTerraform(this._range),
      wait_for_check: cdktf.stringToTerraform(this._waitForCheck),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      monitor_id: {
        value: cdktf.stringToHclTerraform(this._monitorId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      range: {
        value: cdktf.stringToHclTerraform(this._range),
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
