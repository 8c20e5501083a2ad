// docs/resources/monitor.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface MonitorConfig extends cdktf.TerraformMetaArguments {
  /**
  * HTTP status codes (100 to 599) that count as up. Omitted, null or `[]`: any 2xx status (the service default); null and `[]` are equivalent.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `accepted_status_codes`
  */
  readonly acceptedStatusCodes?: number[];
  /**
  * Whether the monitor is archived (no checks, history kept). Omitted or null: false, so applying a config for an archived (e.g. imported) monitor reactivates it.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `archived`
  */
  readonly archived?: boolean | cdktf.IResolvable;
  /**
  * Authentication for the checked URL. Omitted or null: none (`type = "none"`, the service default; equivalent).
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `auth_config`
  */
  readonly authConfig?: MonitorAuthConfig;
  /**
  * Domain registration expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `domain_monitoring`
  */
  readonly domainMonitoring?: MonitorDomainMonitoring;
  /**
  * Whether checks run. Changes go through pause/activate. While the monitor is archived this holds the value to restore when it is reactivated. Omitted or null: true.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled?: boolean | cdktf.IResolvable;
  /**
  * Whether redirects are followed. Omitted or null: true.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `follow_redirects`
  */
  readonly followRedirects?: boolean | cdktf.IResolvable;
  /**
  * Seconds between checks: one of 60, 300, 900, 1800, 3600, and not below the account plan's minimum (checked at plan time). Omitted or null: the service default when the monitor is created (300, or the plan's minimum when that is larger; known after apply); afterwards the monitor's current interval is kept, also when the plan's minimum changes or the interval is changed outside Terraform.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `interval_seconds`
  */
  readonly intervalSeconds?: number;
  /**
  * Display name, at most 120 characters. Omitted or null: the host of `url` (the service default), kept in step when `url` changes.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `name`
  */
  readonly name?: string;
  /**
  * Headers sent with every check, at most 10. The list replaces the saved list as a whole; every value is sensitive. Omitted, null or `[]`: no headers; null and `[]` are equivalent.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `request_headers`
  */
  readonly requestHeaders?: MonitorRequestHeaders[] | cdktf.IResolvable;
  /**
  * `GET` or `HEAD`. Lower case is accepted; your spelling is kept in state. Omitted or null: `GET`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `request_method`
  */
  readonly requestMethod?: string;
  /**
  * SSL certificate expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `ssl_monitoring`
  */
  readonly sslMonitoring?: MonitorSslMonitoring;
  /**
  * Request timeout in milliseconds, 1000 to 10000. Omitted or null: 10000.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `timeout_ms`
  */
  readonly timeoutMs?: number;
  /**
  * Absolute http or https URL to check, at most 2048 characters.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `url`
  */
  readonly url: string;
}
export interface MonitorAuthConfig {
  /**
  * Basic-auth password, at most 1024 characters. Sensitive: never readable from the API. Terraform keeps the configured value in state while the service reports that a value is saved; if the service reports it gone (for example removed in the dashboard), state drops it and the next plan sends it again. Null: the saved password (if any) is kept. Conflicts with `password_wo`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `password`
  */
  readonly password?: string;
  /**
  * Write-only basic-auth password (Terraform or OpenTofu ≥ 1.11; older clients get an error at plan: use `password`): never stored in plan or state. Requires `password_wo_version` (checked at plan time). Sent on create, when `password_wo_version` changes, and when the service reports the password gone. Conflicts with `password`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `password_wo`
  */
  readonly passwordWo?: string;
  /**
  * Required with `password_wo`. Change this number to send `password_wo` again. Set to null in state when the service reports the password gone, so the next plan re-sends it.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `password_wo_version`
  */
  readonly passwordWoVersion?: number;
  /**
  * `none` or `basic`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `type`
  */
  readonly type: string;
  /**
  * Basic-auth user name, at most 256 characters. Required when `type = "basic"`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `username`
  */
  readonly username?: string;
}

export function monitorAuthConfigToTerraform(struct?: MonitorAuthConfig | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    password: cdktf.stringToTerraform(struct!.password),
    password_wo: cdktf.stringToTerraform(struct!.passwordWo),
    password_wo_version: cdktf.numberToTerraform(struct!.passwordWoVersion),
    type: cdktf.stringToTerraform(struct!.type),
    username: cdktf.stringToTerraform(struct!.username),
  }
}


export function monitorAuthConfigToHclTerraform(struct?: MonitorAuthConfig | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    password: {
      value: cdktf.stringToHclTerraform(struct!.password),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    password_wo: {
      value: cdktf.stringToHclTerraform(struct!.passwordWo),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    password_wo_version: {
      value: cdktf.numberToHclTerraform(struct!.passwordWoVersion),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    type: {
      value: cdktf.stringToHclTerraform(struct!.type),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    username: {
      value: cdktf.stringToHclTerraform(struct!.username),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorAuthConfigOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorAuthConfig | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._password !== undefined) {
      hasAnyValues = true;
      internalValueResult.password = this._password;
    }
    if (this._passwordWo !== undefined) {
      hasAnyValues = true;
      internalValueResult.passwordWo = this._passwordWo;
    }
    if (this._passwordWoVersion !== undefined) {
      hasAnyValues = true;
      internalValueResult.passwordWoVersion = this._passwordWoVersion;
    }
    if (this._type !== undefined) {
      hasAnyValues = true;
      internalValueResult.type = this._type;
    }
    if (this._username !== undefined) {
      hasAnyValues = true;
      internalValueResult.username = this._username;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorAuthConfig | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._password = undefined;
      this._passwordWo = undefined;
      this._passwordWoVersion = undefined;
      this._type = undefined;
      this._username = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._password = value.password;
      this._passwordWo = value.passwordWo;
      this._passwordWoVersion = value.passwordWoVersion;
      this._type = value.type;
      this._username = value.username;
    }
  }

  // password - computed: false, optional: true, required: false
  private _password?: string; 
  public get password() {
    return this.getStringAttribute('password');
  }
  public set password(value: string) {
    this._password = value;
  }
  public resetPassword() {
    this._password = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordInput() {
    return this._password;
  }

  // password_wo - computed: false, optional: true, required: false
  private _passwordWo?: string; 
  public get passwordWo() {
    return this.getStringAttribute('password_wo');
  }
  public set passwordWo(value: string) {
    this._passwordWo = value;
  }
  public resetPasswordWo() {
    this._passwordWo = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordWoInput() {
    return this._passwordWo;
  }

  // password_wo_version - computed: false, optional: true, required: false
  private _passwordWoVersion?: number; 
  public get passwordWoVersion() {
    return this.getNumberAttribute('password_wo_version');
  }
  public set passwordWoVersion(value: number) {
    this._passwordWoVersion = value;
  }
  public resetPasswordWoVersion() {
    this._passwordWoVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordWoVersionInput() {
    return this._passwordWoVersion;
  }

  // type - computed: false, optional: false, required: true
  private _type?: string; 
  public get type() {
    return this.getStringAttribute('type');
  }
  public set type(value: string) {
    this._type = value;
  }
  // Temporarily expose input value. Use with caution.
  public get typeInput() {
    return this._type;
  }

  // username - computed: false, optional: true, required: false
  private _username?: string; 
  public get username() {
    return this.getStringAttribute('username');
  }
  public set username(value: string) {
    this._username = value;
  }
  public resetUsername() {
    this._username = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get usernameInput() {
    return this._username;
  }
}
export interface MonitorDomainMonitoring {
  /**
  * Whether expiry is watched.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled: boolean | cdktf.IResolvable;
  /**
  * Days before expiry to warn, 1 to 90. Omitted: 14.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `warn_days`
  */
  readonly warnDays?: number;
}

export function monitorDomainMonitoringToTerraform(struct?: MonitorDomainMonitoring | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    enabled: cdktf.booleanToTerraform(struct!.enabled),
    warn_days: cdktf.numberToTerraform(struct!.warnDays),
  }
}


export function monitorDomainMonitoringToHclTerraform(struct?: MonitorDomainMonitoring | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    enabled: {
      value: cdktf.booleanToHclTerraform(struct!.enabled),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    warn_days: {
      value: cdktf.numberToHclTerraform(struct!.warnDays),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorDomainMonitoringOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorDomainMonitoring | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._enabled !== undefined) {
      hasAnyValues = true;
      internalValueResult.enabled = this._enabled;
    }
    if (this._warnDays !== undefined) {
      hasAnyValues = true;
      internalValueResult.warnDays = this._warnDays;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorDomainMonitoring | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._enabled = undefined;
      this._warnDays = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._enabled = value.enabled;
      this._warnDays = value.warnDays;
    }
  }

  // enabled - computed: false, optional: false, required: true
  private _enabled?: boolean | cdktf.IResolvable; 
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }
  public set enabled(value: boolean | cdktf.IResolvable) {
    this._enabled = value;
  }
  // Temporarily expose input value. Use with caution.
  public get enabledInput() {
    return this._enabled;
  }

  // warn_days - computed: true, optional: true, required: false
  private _warnDays?: number; 
  public get warnDays() {
    return this.getNumberAttribute('warn_days');
  }
  public set warnDays(value: number) {
    this._warnDays = value;
  }
  public resetWarnDays() {
    this._warnDays = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get warnDaysInput() {
    return this._warnDays;
  }
}
export interface MonitorRequestHeaders {
  /**
  * Header name (an HTTP token: letters, digits and ``!#$%&'*+.^_`|~-``, at most 256 characters).
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `name`
  */
  readonly name: string;
  /**
  * Header value, at most 4096 characters. Sensitive: never readable from the API. Terraform keeps the configured value in state while the service reports that a value is saved; if the service reports it gone (for example removed in the dashboard), state drops it and the next plan sends it again. Null: the saved value (if any) is kept. Conflicts with `value_wo`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `value`
  */
  readonly value?: string;
  /**
  * Write-only header value (Terraform or OpenTofu ≥ 1.11; older clients get an error at plan: use `value`): never stored in plan or state. Requires `value_wo_version` (checked at plan time). Sent on create, when `value_wo_version` changes, and when the service reports the value gone. Conflicts with `value`.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `value_wo`
  */
  readonly valueWo?: string;
  /**
  * Required with `value_wo`. Change this number to send `value_wo` again. Set to null in state when the service reports the value gone, so the next plan re-sends it.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `value_wo_version`
  */
  readonly valueWoVersion?: number;
}

export function monitorRequestHeadersToTerraform(struct?: MonitorRequestHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    value: cdktf.stringToTerraform(struct!.value),
    value_wo: cdktf.stringToTerraform(struct!.valueWo),
    value_wo_version: cdktf.numberToTerraform(struct!.valueWoVersion),
  }
}


export function monitorRequestHeadersToHclTerraform(struct?: MonitorRequestHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    value: {
      value: cdktf.stringToHclTerraform(struct!.value),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    value_wo: {
      value: cdktf.stringToHclTerraform(struct!.valueWo),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    value_wo_version: {
      value: cdktf.numberToHclTerraform(struct!.valueWoVersion),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorRequestHeadersOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): MonitorRequestHeaders | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._value !== undefined) {
      hasAnyValues = true;
      internalValueResult.value = this._value;
    }
    if (this._valueWo !== undefined) {
      hasAnyValues = true;
      internalValueResult.valueWo = this._valueWo;
    }
    if (this._valueWoVersion !== undefined) {
      hasAnyValues = true;
      internalValueResult.valueWoVersion = this._valueWoVersion;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorRequestHeaders | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._value = undefined;
      this._valueWo = undefined;
      this._valueWoVersion = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._value = value.value;
      this._valueWo = value.valueWo;
      this._valueWoVersion = value.valueWoVersion;
    }
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // value - computed: false, optional: true, required: false
  private _value?: string; 
  public get value() {
    return this.getStringAttribute('value');
  }
  public set value(value: string) {
    this._value = value;
  }
  public resetValue() {
    this._value = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueInput() {
    return this._value;
  }

  // value_wo - computed: false, optional: true, required: false
  private _valueWo?: string; 
  public get valueWo() {
    return this.getStringAttribute('value_wo');
  }
  public set valueWo(value: string) {
    this._valueWo = value;
  }
  public resetValueWo() {
    this._valueWo = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueWoInput() {
    return this._valueWo;
  }

  // value_wo_version - computed: false, optional: true, required: false
  private _valueWoVersion?: number; 
  public get valueWoVersion() {
    return this.getNumberAttribute('value_wo_version');
  }
  public set valueWoVersion(value: number) {
    this._valueWoVersion = value;
  }
  public resetValueWoVersion() {
    this._valueWoVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueWoVersionInput() {
    return this._valueWoVersion;
  }
}

export class MonitorRequestHeadersList extends cdktf.ComplexList {
  public internalValue? : MonitorRequestHeaders[] | cdktf.IResolvable

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
  public get(index: number): MonitorRequestHeadersOutputReference {
    return new MonitorRequestHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface MonitorSslMonitoring {
  /**
  * Whether expiry is watched.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `enabled`
  */
  readonly enabled: boolean | cdktf.IResolvable;
  /**
  * Days before expiry to warn, 1 to 90. Omitted: 14.
  *
  * Docs: docs/resources/monitor.md in the terraform-provider-uptime package, attribute `warn_days`
  */
  readonly warnDays?: number;
}

export function monitorSslMonitoringToTerraform(struct?: MonitorSslMonitoring | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    enabled: cdktf.booleanToTerraform(struct!.enabled),
    warn_days: cdktf.numberToTerraform(struct!.warnDays),
  }
}


export function monitorSslMonitoringToHclTerraform(struct?: MonitorSslMonitoring | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    enabled: {
      value: cdktf.booleanToHclTerraform(struct!.enabled),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    warn_days: {
      value: cdktf.numberToHclTerraform(struct!.warnDays),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class MonitorSslMonitoringOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): MonitorSslMonitoring | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._enabled !== undefined) {
      hasAnyValues = true;
      internalValueResult.enabled = this._enabled;
    }
    if (this._warnDays !== undefined) {
      hasAnyValues = true;
      internalValueResult.warnDays = this._warnDays;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: MonitorSslMonitoring | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._enabled = undefined;
      this._warnDays = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._enabled = value.enabled;
      this._warnDays = value.warnDays;
    }
  }

  // enabled - computed: false, optional: false, required: true
  private _enabled?: boolean | cdktf.IResolvable; 
  public get enabled() {
    return this.getBooleanAttribute('enabled');
  }
  public set enabled(value: boolean | cdktf.IResolvable) {
    this._enabled = value;
  }
  // Temporarily expose input value. Use with caution.
  public get enabledInput() {
    return this._enabled;
  }

  // warn_days - computed: true, optional: true, required: false
  private _warnDays?: number; 
  public get warnDays() {
    return this.getNumberAttribute('warn_days');
  }
  public set warnDays(value: number) {
    this._warnDays = value;
  }
  public resetWarnDays() {
    this._warnDays = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get warnDaysInput() {
    return this._warnDays;
  }
}

/**
* Represents a uptime_monitor (docs/resources/monitor.md in the terraform-provider-uptime package)
*/
export class Monitor extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime_monitor";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Monitor resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Monitor to import
  * @param importFromId The id of the existing Monitor that should be imported. Refer to the import section (docs/resources/monitor.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Monitor to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime_monitor", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime_monitor (docs/resources/monitor.md in the terraform-provider-uptime package) Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options MonitorConfig
  */
  public constructor(scope: Construct, id: string, config: MonitorConfig) {
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
    this._acceptedStatusCodes = config.acceptedStatusCodes;
    this._archived = config.archived;
    this._authConfig.internalValue = config.authConfig;
    this._domainMonitoring.internalValue = config.domainMonitoring;
    this._enabled = config.enabled;
    this._followRedirects = config.followRedirects;
    this._intervalSeconds = config.intervalSeconds;
    this._name = config.name;
    this._requestHeaders.internalValue = config.requestHeaders;
    this._requestMethod = config.requestMethod;
    this._sslMonitoring.internalValue = config.sslMonitoring;
    this._timeoutMs = config.timeoutMs;
    this._url = config.url;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // accepted_status_codes - computed: false, optional: true, required: false
  private _acceptedStatusCodes?: number[]; 
  public get acceptedStatusCodes() {
    return this.getNumberListAttribute('accepted_status_codes');
  }
  public set acceptedStatusCodes(value: number[]) {
    this._acceptedStatusCodes = value;
  }
  public resetAcceptedStatusCodes() {
    this._acceptedStatusCodes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get acceptedStatusCodesInput() {
    return this._acceptedStatusCodes;
  }

  // archived - computed: true, optional: true, required: false
  private _archived?: boolean | cdktf.IResolvable; 
  public get archived() {
    return this.getBooleanAttribute('archived');
  }
  public set archived(value: boolean | cdktf.IResolvable) {
    this._archived = value;
  }
  public resetArchived() {
    this._archived = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get archivedInput() {
    return this._archived;
  }

  // auth_config - computed: false, optional: true, required: false
  private _authConfig = new MonitorAuthConfigOutputReference(this, "auth_config");
  public get authConfig() {
    return this._authConfig;
  }
  public putAuthConfig(value: MonitorAuthConfig) {
    this._authConfig.internalValue = value;
  }
  public resetAuthConfig() {
    this._authConfig.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authConfigInput() {
    return this._authConfig.internalValue;
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // domain_monitoring - computed: false, optional: true, required: false
  private _domainMonitoring = new MonitorDomainMonitoringOutputReference(this, "domain_monitoring");
  public get domainMonitoring() {
    return this._domainMonitoring;
  }
  public putDomainMonitoring(value: MonitorDomainMonitoring) {
    this._domainMonitoring.internalValue = value;
  }
  public resetDomainMonitoring() {
    this._domainMonitoring.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get domainMonitoringInput() {
    return this._domainMonitoring.internalValue;
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

  // follow_redirects - computed: true, optional: true, required: false
  private _followRedirects?: boolean | cdktf.IResolvable; 
  public get followRedirects() {
    return this.getBooleanAttribute('follow_redirects');
  }
  public set followRedirects(value: boolean | cdktf.IResolvable) {
    this._followRedirects = value;
  }
  public resetFollowRedirects() {
    this._followRedirects = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get followRedirectsInput() {
    return this._followRedirects;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // interval_seconds - computed: true, optional: true, required: false
  private _intervalSeconds?: number; 
  public get intervalSeconds() {
    return this.getNumberAttribute('interval_seconds');
  }
  public set intervalSeconds(value: number) {
    this._intervalSeconds = value;
  }
  public resetIntervalSeconds() {
    this._intervalSeconds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get intervalSecondsInput() {
    return this._intervalSeconds;
  }

  // name - computed: true, optional: true, required: false
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  public resetName() {
    this._name = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // request_headers - computed: false, optional: true, required: false
  private _requestHeaders = new MonitorRequestHeadersList(this, "request_headers", false);
  public get requestHeaders() {
    return this._requestHeaders;
  }
  public putRequestHeaders(value: MonitorRequestHeaders[] | cdktf.IResolvable) {
    this._requestHeaders.internalValue = value;
  }
  public resetRequestHeaders() {
    this._requestHeaders.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get requestHeadersInput() {
    return this._requestHeaders.internalValue;
  }

  // request_method - computed: true, optional: true, required: false
  private _requestMethod?: string; 
  public get requestMethod() {
    return this.getStringAttribute('request_method');
  }
  public set requestMethod(value: string) {
    this._requestMethod = value;
  }
  public resetRequestMethod() {
    this._requestMethod = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get requestMethodInput() {
    return this._requestMethod;
  }

  // ssl_monitoring - computed: false, optional: true, required: false
  private _sslMonitoring = new MonitorSslMonitoringOutputReference(this, "ssl_monitoring");
  public get sslMonitoring() {
    return this._sslMonitoring;
  }
  public putSslMonitoring(value: MonitorSslMonitoring) {
    this._sslMonitoring.internalValue = value;
  }
  public resetSslMonitoring() {
    this._sslMonitoring.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sslMonitoringInput() {
    return this._sslMonitoring.internalValue;
  }

  // timeout_ms - computed: true, optional: true, required: false
  private _timeoutMs?: number; 
  public get timeoutMs() {
    return this.getNumberAttribute('timeout_ms');
  }
  public set timeoutMs(value: number) {
    this._timeoutMs = value;
  }
  public resetTimeoutMs() {
    this._timeoutMs = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutMsInput() {
    return this._timeoutMs;
  }

  // type - computed: true, optional: false, required: false
  public get type() {
    return this.getStringAttribute('type');
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // url - computed: false, optional: false, required: true
  private _url?: string; 
  public get url() {
    return this.getStringAttribute('url');
  }
  public set url(value: string) {
    this._url = value;
  }
  // Temporarily expose input value. Use with caution.
  public get urlInput() {
    return this._url;
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
      accepted_status_codes: cdktf.listMapper(cdktf.numberToTerraform, false)(this._acceptedStatusCodes),
      archived: cdktf.booleanToTerraform(this._archived),
      auth_config: monitorAuthConfigToTerraform(this._authConfig.internalValue),
      domain_monitoring: monitorDomainMonitoringToTerraform(this._domainMonitoring.internalValue),
      enabled: cdktf.booleanToTerraform(this._enabled),
      follow_redirects: cdktf.booleanToTerraform(this._followRedirects),
      interval_seconds: cdktf.numberToTerraform(this._intervalSeconds),
      name: cdktf.stringToTerraform(this._name),
      request_headers: cdktf.listMapper(monitorRequestHeadersToTerraform, false)(this._requestHeaders.internalValue),
      request_method: cdktf.stringToTerraform(this._requestMethod),
      ssl_monitoring: monitorSslMonitoringToTerraform(this._sslMonitoring.internalValue),
      timeout_ms: cdktf.numberToTerraform(this._timeoutMs),
      url: cdktf.stringToTerraform(this._url),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      accepted_status_codes: {
        value: cdktf.listMapperHcl(cdktf.numberToHclTerraform, false)(this._acceptedStatusCodes),
        isBlock: false,
        type: "list",
        storageClassType: "numberList",
      },
      archived: {
        value: cdktf.booleanToHclTerraform(this._archived),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      auth_config: {
        value: monitorAuthConfigToHclTerraform(this._authConfig.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorAuthConfig",
      },
      domain_monitoring: {
        value: monitorDomainMonitoringToHclTerraform(this._domainMonitoring.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorDomainMonitoring",
      },
      enabled: {
        value: cdktf.booleanToHclTerraform(this._enabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      follow_redirects: {
        value: cdktf.booleanToHclTerraform(this._followRedirects),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      interval_seconds: {
        value: cdktf.numberToHclTerraform(this._intervalSeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      request_headers: {
        value: cdktf.listMapperHcl(monitorRequestHeadersToHclTerraform, false)(this._requestHeaders.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "MonitorRequestHeadersList",
      },
      request_method: {
        value: cdktf.stringToHclTerraform(this._requestMethod),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      ssl_monitoring: {
        value: monitorSslMonitoringToHclTerraform(this._sslMonitoring.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "MonitorSslMonitoring",
      },
      timeout_ms: {
        value: cdktf.numberToHclTerraform(this._timeoutMs),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      url: {
        value: cdktf.stringToHclTerraform(this._url),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
