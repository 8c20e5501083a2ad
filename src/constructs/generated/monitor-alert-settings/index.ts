// docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface MonitorAlertSettingsConfig extends cdktf.TerraformMetaArguments {
  /**
  * Alert channels. Omitted or null: email on, SMS off (the defaults).
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `channels`
  */
  readonly channels?: MonitorAlertSettingsChannels;
  /**
  * Verified destinations to alert (see the `uptime_alert_destinations` data source). Omitted or null: not managed (the current selection is kept and shown). When set, a null `email`/`sms` means no destination for that channel. Ids that are not among the account's verified destinations fail at plan time.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `destination_ids`
  */
  readonly destinationIds?: MonitorAlertSettingsDestinationIds;
  /**
  * The monitor (UUID). Changing it replaces the resource.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `monitor_id`
  */
  readonly monitorId: string;
  /**
  * Slow-response alerts. Omitted or null: disabled, 5000 ms, 3 consecutive checks (the defaults).
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `slow_response_alerts`
  */
  readonly slowResponseAlerts?: MonitorAlertSettingsSlowResponseAlerts;
}
export interface MonitorAlertSettingsChannels {
  /**
  * Email alerts. Omitted: true.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `email`
  */
  readonly email?: boolean | cdktf.IResolvable;
  /**
  * SMS alerts (needs a plan with SMS alerts; checked at plan time). Omitted: false.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `sms`
  */
  readonly sms?: boolean | cdktf.IResolvable;
}

export function monitorAlertSettingsChannelsToTerraform(struct?: MonitorAlertSettingsChannels | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    email: cdktf.booleanToTerraform(struct!.email),
    sms: cdktf.booleanToTerraform(struct!.sms),
  }
}


export function monitorAlertSettingsChannelsToHclTerraform(struct?: MonitorAlertSettingsChannels | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    email: {
      value: cdktf.booleanToHclTerraform(struct!.email),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    sms: {
      value: cdktf.booleanToHclTerraform(struct!.sms),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorAlertSettingsChannelsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorAlertSettingsChannels | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._email !== undefined) {
      hasAnyValues = true;
      internalValueResult.email = this._email;
    }
    if (this._sms !== undefined) {
      hasAnyValues = true;
      internalValueResult.sms = this._sms;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorAlertSettingsChannels | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._email = undefined;
      this._sms = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._email = value.email;
      this._sms = value.sms;
    }
  }

  // email - computed: true, optional: true, required: false
  private _email?: boolean | cdktf.IResolvable; 
  public get email() {
    return this.getBooleanAttribute('email');
  }
  public set email(value: boolean | cdktf.IResolvable) {
    this._email = value;
  }
  public resetEmail() {
    this._email = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }

  // sms - computed: true, optional: true, required: false
  private _sms?: boolean | cdktf.IResolvable; 
  public get sms() {
    return this.getBooleanAttribute('sms');
  }
  public set sms(value: boolean | cdktf.IResolvable) {
    this._sms = value;
  }
  public resetSms() {
    this._sms = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get smsInput() {
    return this._sms;
  }
}
export interface MonitorAlertSettingsDestinationIds {
  /**
  * Email destination id (`dest_email_<24 hex>`); null: none.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `email`
  */
  readonly email?: string;
  /**
  * SMS destination id (`dest_sms_<24 hex>`); null: none.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `sms`
  */
  readonly sms?: string;
}

export function monitorAlertSettingsDestinationIdsToTerraform(struct?: MonitorAlertSettingsDestinationIds | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    email: cdktf.stringToTerraform(struct!.email),
    sms: cdktf.stringToTerraform(struct!.sms),
  }
}


export function monitorAlertSettingsDestinationIdsToHclTerraform(struct?: MonitorAlertSettingsDestinationIds | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    email: {
      value: cdktf.stringToHclTerraform(struct!.email),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    sms: {
      value: cdktf.stringToHclTerraform(struct!.sms),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorAlertSettingsDestinationIdsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorAlertSettingsDestinationIds | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._email !== undefined) {
      hasAnyValues = true;
      internalValueResult.email = this._email;
    }
    if (this._sms !== undefined) {
      hasAnyValues = true;
      internalValueResult.sms = this._sms;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorAlertSettingsDestinationIds | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._email = undefined;
      this._sms = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._email = value.email;
      this._sms = value.sms;
    }
  }

  // email - computed: true, optional: true, required: false
  private _email?: string; 
  public get email() {
    return this.getStringAttribute('email');
  }
  public set email(value: string) {
    this._email = value;
  }
  public resetEmail() {
    this._email = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }

  // sms - computed: true, optional: true, required: false
  private _sms?: string; 
  public get sms() {
    return this.getStringAttribute('sms');
  }
  public set sms(value: string) {
    this._sms = value;
  }
  public resetSms() {
    this._sms = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get smsInput() {
    return this._sms;
  }
}
export interface MonitorAlertSettingsSlowResponseAlerts {
  /**
  * Slow checks in a row before alerting: one of 2, 3, 4, 5. Omitted: 3.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `consecutive_limit`
  */
  readonly consecutiveLimit?: number;
  /**
  * Whether slow responses raise alerts. Omitted: false.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled?: boolean | cdktf.IResolvable;
  /**
  * Response time in milliseconds above which a check counts as slow: one of 1000, 2000, 3000, 5000, 10000. Omitted: 5000.
  *
  * Docs: docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package, attribute `threshold_ms`
  */
  readonly thresholdMs?: number;
}

export function monitorAlertSettingsSlowResponseAlertsToTerraform(struct?: MonitorAlertSettingsSlowResponseAlerts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    consecutive_limit: cdktf.numberToTerraform(struct!.consecutiveLimit),
    enabled: cdktf.booleanToTerraform(struct!.enabled),
    threshold_ms: cdktf.numberToTerraform(struct!.thresholdMs),
  }
}


export function monitorAlertSettingsSlowResponseAlertsToHclTerraform(struct?: MonitorAlertSettingsSlowResponseAlerts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    consecutive_limit: {
      value: cdktf.numberToHclTerraform(struct!.consecutiveLimit),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    enabled: {
      value: cdktf.booleanToHclTerraform(struct!.enabled),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    threshold_ms: {
      value: cdktf.numberToHclTerraform(struct!.thresholdMs),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorAlertSettingsSlowResponseAlertsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorAlertSettingsSlowResponseAlerts | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._consecutiveLimit !== undefined) {
      hasAnyValues = true;
      internalValueResult.consecutiveLimit = this._consecutiveLimit;
    }
    if (this._enabled !== undefined) {
      hasAnyValues = true;
      internalValueResult.enabled = this._enabled;
    }
    if (this._thresholdMs !== undefined) {
      hasAnyValues = true;
      internalValueResult.thresholdMs = this._thresholdMs;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorAlertSettingsSlowResponseAlerts | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._consecutiveLimit = undefined;
      this._enabled = undefined;
      this._thresholdMs = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._consecutiveLimit = value.consecutiveLimit;
      this._enabled = value.enabled;
      this._thresholdMs = value.thresholdMs;
    }
  }

  // consecutive_limit - computed: true, optional: true, required: false
  private _consecutiveLimit?: number; 
  public get consecutiveLimit() {
    return this.getNumberAttribute('consecutive_limit');
  }
  public set consecutiveLimit(value: number) {
    this._consecutiveLimit = value;
  }
  public resetConsecutiveLimit() {
    this._consecutiveLimit = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get consecutiveLimitInput() {
    return this._consecutiveLimit;
  }

  // enabled - computed: true, optional: true, required: false
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

  // threshold_ms - computed: true, optional: true, required: false
  private _thresholdMs?: number; 
  public get thresholdMs() {
    return this.getNumberAttribute('threshold_ms');
  }
  public set thresholdMs(value: number) {
    this._thresholdMs = value;
  }
  public resetThresholdMs() {
    this._thresholdMs = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get thresholdMsInput() {
    return this._thresholdMs;
  }
}

/**
* Represents a uptime_monitor_alert_settings (docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package)
*/
export class MonitorAlertSettings extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitor_alert_settings";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a MonitorAlertSettings resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the MonitorAlertSettings to import
  * @param importFromId The id of the existing MonitorAlertSettings that should be imported. Refer to the import section (docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the MonitorAlertSettings to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitor_alert_settings", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitor_alert_settings (docs/resources/monitor_alert_settings.md in the terraform-provider-uptime package) Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options MonitorAlertSettingsConfig
  */
  public constructor(scope: Construct, id: string, config: MonitorAlertSettingsConfig) {
    super(scope, id, {
      terraformResourceType: 'uptime_monitor_alert_settings',
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
    this._channels.internalValue = config.channels;
    this._destinationIds.internalValue = config.destinationIds;
    this._monitorId = config.monitorId;
    this._slowResponseAlerts.internalValue = config.slowResponseAlerts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // channels - computed: true, optional: true, required: false
  private _channels = new MonitorAlertSettingsChannelsOutputReference(this, "channels");
  public get channels() {
    return this._channels;
  }
  public putChannels(value: MonitorAlertSettingsChannels) {
    this._channels.internalValue = value;
  }
  public resetChannels() {
    this._channels.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get channelsInput() {
    return this._channels.internalValue;
  }

  // destination_ids - computed: true, optional: true, required: false
  private _destinationIds = new MonitorAlertSettingsDestinationIdsOutputReference(this, "destination_ids");
  public get destinationIds() {
    return this._destinationIds;
  }
  public putDestinationIds(value: MonitorAlertSettingsDestinationIds) {
    this._destinationIds.internalValue = value;
  }
  public resetDestinationIds() {
    this._destinationIds.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get destinationIdsInput() {
    return this._destinationIds.internalValue;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
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

  // slow_response_alerts - computed: true, optional: true, required: false
  private _slowResponseAlerts = new MonitorAlertSettingsSlowResponseAlertsOutputReference(this, "slow_response_alerts");
  public get slowResponseAlerts() {
    return this._slowResponseAlerts;
  }
  public putSlowResponseAlerts(value: MonitorAlertSettingsSlowResponseAlerts) {
    this._slowResponseAlerts.internalValue = value;
  }
  public resetSlowResponseAlerts() {
    this._slowResponseAlerts.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get slowResponseAlertsInput() {
    return this._slowResponseAlerts.internalValue;
  }

  // version - computed: true, optional: false, required: false
  public get version() {
    return this.getStringAttribute('version');
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      channels: monitorAlertSettingsChannelsToTerraform(this._channels.internalValue),
      destination_ids: monitorAlertSettingsDestinationIdsToTerraform(this._destinationIds.internalValue),
      monitor_id: cdktf.stringToTerraform(this._monitorId),
      slow_response_alerts: monitorAlertSettingsSlowResponseAlertsToTerraform(this._slowResponseAlerts.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      channels: {
        value: monitorAlertSettingsChannelsToHclTerraform(this._channels.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorAlertSettingsChannels",
      },
      destination_ids: {
        value: monitorAlertSettingsDestinationIdsToHclTerraform(this._destinationIds.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorAlertSettingsDestinationIds",
      },
      monitor_id: {
        value: cdktf.stringToHclTerraform(this._monitorId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      slow_response_alerts: {
        value: monitorAlertSettingsSlowResponseAlertsToHclTerraform(this._slowResponseAlerts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorAlertSettingsSlowResponseAlerts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
