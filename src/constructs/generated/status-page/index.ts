// docs/resources/status_page.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface StatusPageConfig extends cdktf.TerraformMetaArguments {
  /**
  * Description, at most 500 characters. Omitted or null: no description (cleared).
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `description`
  */
  readonly description?: string;
  /**
  * Sections shown on the page. Omitted or null: all shown.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `display_options`
  */
  readonly displayOptions?: StatusPageDisplayOptions;
  /**
  * Whether the page is published. Omitted or null: true (declaring the resource publishes the page).
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled?: boolean | cdktf.IResolvable;
  /**
  * The monitor (UUID). Changing it replaces the resource.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `monitor_id`
  */
  readonly monitorId: string;
  /**
  * Ask search engines not to index the page. Omitted or null: false.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `noindex`
  */
  readonly noindex?: boolean | cdktf.IResolvable;
  /**
  * Title, at most 120 characters. Omitted or null: not managed (the current title is kept and shown; the API cannot clear a title).
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `title`
  */
  readonly title?: string;
}
export interface StatusPageCustomDomain {
}

export function statusPageCustomDomainToTerraform(struct?: StatusPageCustomDomain): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function statusPageCustomDomainToHclTerraform(struct?: StatusPageCustomDomain): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class StatusPageCustomDomainOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): StatusPageCustomDomain | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: StatusPageCustomDomain | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // configured - computed: true, optional: false, required: false
  public get configured() {
    return this.getBooleanAttribute('configured');
  }

  // enabled - computed: true, optional: false, required: false
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }
}
export interface StatusPageDisplayOptions {
  /**
  * The incident list. Omitted: true.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `incidents`
  */
  readonly incidents?: boolean | cdktf.IResolvable;
  /**
  * The recent check history. Omitted: true.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `recent_history`
  */
  readonly recentHistory?: boolean | cdktf.IResolvable;
  /**
  * The response-time chart. Omitted: true.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `response_time`
  */
  readonly responseTime?: boolean | cdktf.IResolvable;
  /**
  * The uptime timeline. Omitted: true.
  *
  * Docs: docs/resources/status_page.md in the terraform-provider-uptime package, attribute `uptime_timeline`
  */
  readonly uptimeTimeline?: boolean | cdktf.IResolvable;
}

export function statusPageDisplayOptionsToTerraform(struct?: StatusPageDisplayOptions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    incidents: cdktf.booleanToTerraform(struct!.incidents),
    recent_history: cdktf.booleanToTerraform(struct!.recentHistory),
    response_time: cdktf.booleanToTerraform(struct!.responseTime),
    uptime_timeline: cdktf.booleanToTerraform(struct!.uptimeTimeline),
  }
}


export function statusPageDisplayOptionsToHclTerraform(struct?: StatusPageDisplayOptions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    incidents: {
      value: cdktf.booleanToHclTerraform(struct!.incidents),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    recent_history: {
      value: cdktf.booleanToHclTerraform(struct!.recentHistory),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    response_time: {
      value: cdktf.booleanToHclTerraform(struct!.responseTime),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    uptime_timeline: {
      value: cdktf.booleanToHclTerraform(struct!.uptimeTimeline),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class StatusPageDisplayOptionsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): StatusPageDisplayOptions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._incidents !== undefined) {
      hasAnyValues = true;
      internalValueResult.incidents = this._incidents;
    }
    if (this._recentHistory !== undefined) {
      hasAnyValues = true;
      internalValueResult.recentHistory = this._recentHistory;
    }
    if (this._responseTime !== undefined) {
      hasAnyValues = true;
      internalValueResult.responseTime = this._responseTime;
    }
    if (this._uptimeTimeline !== undefined) {
      hasAnyValues = true;
      internalValueResult.uptimeTimeline = this._uptimeTimeline;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: StatusPageDisplayOptions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._incidents = undefined;
      this._recentHistory = undefined;
      this._responseTime = undefined;
      this._uptimeTimeline = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._incidents = value.incidents;
      this._recentHistory = value.recentHistory;
      this._responseTime = value.responseTime;
      this._uptimeTimeline = value.uptimeTimeline;
    }
  }

  // incidents - computed: true, optional: true, required: false
  private _incidents?: boolean | cdktf.IResolvable; 
  public get incidents() {
    return this.getBooleanAttribute('incidents');
  }
  public set incidents(value: boolean | cdktf.IResolvable) {
    this._incidents = value;
  }
  public resetIncidents() {
    this._incidents = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get incidentsInput() {
    return this._incidents;
  }

  // recent_history - computed: true, optional: true, required: false
  private _recentHistory?: boolean | cdktf.IResolvable; 
  public get recentHistory() {
    return this.getBooleanAttribute('recent_history');
  }
  public set recentHistory(value: boolean | cdktf.IResolvable) {
    this._recentHistory = value;
  }
  public resetRecentHistory() {
    this._recentHistory = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get recentHistoryInput() {
    return this._recentHistory;
  }

  // response_time - computed: true, optional: true, required: false
  private _responseTime?: boolean | cdktf.IResolvable; 
  public get responseTime() {
    return this.getBooleanAttribute('response_time');
  }
  public set responseTime(value: boolean | cdktf.IResolvable) {
    this._responseTime = value;
  }
  public resetResponseTime() {
    this._responseTime = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get responseTimeInput() {
    return this._responseTime;
  }

  // uptime_timeline - computed: true, optional: true, required: false
  private _uptimeTimeline?: boolean | cdktf.IResolvable; 
  public get uptimeTimeline() {
    return this.getBooleanAttribute('uptime_timeline');
  }
  public set uptimeTimeline(value: boolean | cdktf.IResolvable) {
    this._uptimeTimeline = value;
  }
  public resetUptimeTimeline() {
    this._uptimeTimeline = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get uptimeTimelineInput() {
    return this._uptimeTimeline;
  }
}

/**
* Represents a uptime_status_page (docs/resources/status_page.md in the terraform-provider-uptime package)
*/
export class StatusPage extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_status_page";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a StatusPage resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the StatusPage to import
  * @param importFromId The id of the existing StatusPage that should be imported. Refer to the import section (docs/resources/status_page.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the StatusPage to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_status_page", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_status_page (docs/resources/status_page.md in the terraform-provider-uptime package) Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options StatusPageConfig
  */
  public constructor(scope: Construct, id: string, config: StatusPageConfig) {
    super(scope, id, {
      terraformResourceType: 'uptime_status_page',
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
    this._description = config.description;
    this._displayOptions.internalValue = config.displayOptions;
    this._enabled = config.enabled;
    this._monitorId = config.monitorId;
    this._noindex = config.noindex;
    this._title = config.title;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // custom_domain - computed: true, optional: false, required: false
  private _customDomain = new StatusPageCustomDomainOutputReference(this, "custom_domain");
  public get customDomain() {
    return this._customDomain;
  }

  // description - computed: false, optional: true, required: false
  private _description?: string; 
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  public resetDescription() {
    this._description = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // display_options - computed: true, optional: true, required: false
  private _displayOptions = new StatusPageDisplayOptionsOutputReference(this, "display_options");
  public get displayOptions() {
    return this._displayOptions;
  }
  public putDisplayOptions(value: StatusPageDisplayOptions) {
    this._displayOptions.internalValue = value;
  }
  public resetDisplayOptions() {
    this._displayOptions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get displayOptionsInput() {
    return this._displayOptions.internalValue;
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

  // noindex - computed: true, optional: true, required: false
  private _noindex?: boolean | cdktf.IResolvable; 
  public get noindex() {
    return this.getBooleanAttribute('noindex');
  }
  public set noindex(value: boolean | cdktf.IResolvable) {
    this._noindex = value;
  }
  public resetNoindex() {
    this._noindex = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get noindexInput() {
    return this._noindex;
  }

  // slug - computed: true, optional: false, required: false
  public get slug() {
    return this.getStringAttribute('slug');
  }

  // title - computed: true, optional: true, required: false
  private _title?: string; 
  public get title() {
    return this.getStringAttribute('title');
  }
  public set title(value: string) {
    this._title = value;
  }
  public resetTitle() {
    this._title = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get titleInput() {
    return this._title;
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // url - computed: true, optional: false, required: false
  public get url() {
    return this.getStringAttribute('url');
  }

  // verification_status - computed: true, optional: false, required: false
  public get verificationStatus() {
    return this.getStringAttribute('verification_status');
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
      description: cdktf.stringToTerraform(this._description),
      display_options: statusPageDisplayOptionsToTerraform(this._displayOptions.internalValue),
      enabled: cdktf.booleanToTerraform(this._enabled),
      monitor_id: cdktf.stringToTerraform(this._monitorId),
      noindex: cdktf.booleanToTerraform(this._noindex),
      title: cdktf.stringToTerraform(this._title),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      display_options: {
        value: statusPageDisplayOptionsToHclTerraform(this._displayOptions.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "StatusPageDisplayOptions",
      },
      enabled: {
        value: cdktf.booleanToHclTerraform(this._enabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      monitor_id: {
        value: cdktf.stringToHclTerraform(this._monitorId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      noindex: {
        value: cdktf.booleanToHclTerraform(this._noindex),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      title: {
        value: cdktf.stringToHclTerraform(this._title),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
