// docs/index.md in the terraform-provider-uptime package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface UptimeProviderConfig {
  /**
  * Base URL of the Monitoring Service API, e.g. `https://api.uptime.example/v1`. Defaults to the `UPTIME_BASE_URL` environment variable; one of the two is required. Must use https, except for `localhost`, `127.0.0.1` and `::1` (the local service, `npx uptimectl service`).
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `base_url`
  */
  readonly baseUrl?: string;
  /**
  * How long a write whose answer was lost (the connection dropped or timed out after the request was sent, or a `5xx` answer) is sent again with its own Idempotency-Key, with backoff, until the service says what happened: a duration such as `30m`, `1h` or `90s` (units h, m, s, ms), from 1s to 24h. Such a write is not a failure and does not count against `max_retries`; only a write whose outcome is still unknown after this long fails the apply. Omitted or null: the `UPTIME_IN_DOUBT_MAX_WAIT` environment variable, else 10m (network and proxy outages and service restarts last minutes; the service keeps a key 24 hours).
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `in_doubt_max_wait`
  */
  readonly inDoubtMaxWait?: string;
  /**
  * How many times a failed request is retried, 0 to 20 (connection errors, timeouts and 500/502/503/504, with exponential backoff and jitter, honouring `Retry-After`; a write is retried only with the same Idempotency-Key). A request answered 429 (rate limited) is not a failure: it waits for the allowance and does not count (see `rate_limit_max_wait`). Omitted or null: 2 (three attempts in all).
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `max_retries`
  */
  readonly maxRetries?: number;
  /**
  * How long this provider may wait for the API token's per-minute allowance in all before it stops with an error: a duration such as `30m`, `1h` or `90s` (units h, m, s, ms), from 1s to 24h. Terraform starts the provider anew for each plan and apply, and the bound applies to each. Requests answered 429 (rate limited) wait for the allowance and are sent again; they never count against `max_retries`. Omitted or null: the `UPTIME_RATE_LIMIT_MAX_WAIT` environment variable, else 15m.
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `rate_limit_max_wait`
  */
  readonly rateLimitMaxWait?: string;
  /**
  * The share of the token's per-minute allowance this run paces itself to while other runs use the same token (stacks planned or applied at once, parallel pipelines): a number greater than 0 and at most 1, e.g. `0.25` for one of four runs. A run that finds nobody else using the token still takes what remains. Omitted or null: the `UPTIME_RATE_LIMIT_SHARE` environment variable (`0.25`, `1/4` or `25%`), else estimated from what the others use.
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `rate_limit_share`
  */
  readonly rateLimitShare?: number;
  /**
  * Deadline of one attempt of a read request (GET), in milliseconds, 1 to 600000. Omitted or null: 15000. Writes keep 30 seconds per attempt and connecting 5 seconds; this setting changes neither.
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `request_timeout_ms`
  */
  readonly requestTimeoutMs?: number;
  /**
  * API token. Defaults to the `UPTIME_API_TOKEN` environment variable.
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `token`
  */
  readonly token?: string;
  /**
  * Alias name
  *
  * Docs: docs/index.md in the terraform-provider-uptime package, attribute `alias`
  */
  readonly alias?: string;
}

/**
* Represents a uptime (docs/index.md in the terraform-provider-uptime package)
*/
export class UptimeProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "uptime";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a UptimeProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the UptimeProvider to import
  * @param importFromId The id of the existing UptimeProvider that should be imported. Refer to the import section (docs/index.md in the terraform-provider-uptime package) in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the UptimeProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "uptime", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new uptime (docs/index.md in the terraform-provider-uptime package) Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options UptimeProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: UptimeProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'uptime',
      terraformGeneratorMetadata: {
        providerName: 'uptime',
        providerVersion: '0.1.0',
        providerVersionConstraint: '~> 0.1'
      },
      terraformProviderSource: 'uptime-monitoring/uptime'
    });
    this._baseUrl = config.baseUrl;
    this._inDoubtMaxWait = config.inDoubtMaxWait;
    this._maxRetries = config.maxRetries;
    this._rateLimitMaxWait = config.rateLimitMaxWait;
    this._rateLimitShare = config.rateLimitShare;
    this._requestTimeoutMs = config.requestTimeoutMs;
    this._token = config.token;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // base_url - computed: false, optional: true, required: false
  private _baseUrl?: string; 
  public get baseUrl() {
    return this._baseUrl;
  }
  public set baseUrl(value: string | undefined) {
    this._baseUrl = value;
  }
  public resetBaseUrl() {
    this._baseUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get baseUrlInput() {
    return this._baseUrl;
  }

  // in_doubt_max_wait - computed: false, optional: true, required: false
  private _inDoubtMaxWait?: string; 
  public get inDoubtMaxWait() {
    return this._inDoubtMaxWait;
  }
  public set inDoubtMaxWait(value: string | undefined) {
    this._inDoubtMaxWait = value;
  }
  public resetInDoubtMaxWait() {
    this._inDoubtMaxWait = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get inDoubtMaxWaitInput() {
    return this._inDoubtMaxWait;
  }

  // max_retries - computed: false, optional: true, required: false
  private _maxRetries?: number; 
  public get maxRetries() {
    return this._maxRetries;
  }
  public set maxRetries(value: number | undefined) {
    this._maxRetries = value;
  }
  public resetMaxRetries() {
    this._maxRetries = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get maxRetriesInput() {
    return this._maxRetries;
  }

  // rate_limit_max_wait - computed: false, optional: true, required: false
  private _rateLimitMaxWait?: string; 
  public get rateLimitMaxWait() {
    return this._rateLimitMaxWait;
  }
  public set rateLimitMaxWait(value: string | undefined) {
    this._rateLimitMaxWait = value;
  }
  public resetRateLimitMaxWait() {
    this._rateLimitMaxWait = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rateLimitMaxWaitInput() {
    return this._rateLimitMaxWait;
  }

  // rate_limit_share - computed: false, optional: true, required: false
  private _rateLimitShare?: number; 
  public get rateLimitShare() {
    return this._rateLimitShare;
  }
  public set rateLimitShare(value: number | undefined) {
    this._rateLimitShare = value;
  }
  public resetRateLimitShare() {
    this._rateLimitShare = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rateLimitShareInput() {
    return this._rateLimitShare;
  }

  // request_timeout_ms - computed: false, optional: true, required: false
  private _requestTimeoutMs?: number; 
  public get requestTimeoutMs() {
    return this._requestTimeoutMs;
  }
  public set requestTimeoutMs(value: number | undefined) {
    this._requestTimeoutMs = value;
  }
  public resetRequestTimeoutMs() {
    this._requestTimeoutMs = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get requestTimeoutMsInput() {
    return this._requestTimeoutMs;
  }

  // token - computed: false, optional: true, required: false
  private _token?: string; 
  public get token() {
    return this._token;
  }
  public set token(value: string | undefined) {
    this._token = value;
  }
  public resetToken() {
    this._token = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tokenInput() {
    return this._token;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public get alias() {
    return this._alias;
  }
  public set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      base_url: cdktf.stringToTerraform(this._baseUrl),
      in_doubt_max_wait: cdktf.stringToTerraform(this._inDoubtMaxWait),
      max_retries: cdktf.numberToTerraform(this._maxRetries),
      rate_limit_max_wait: cdktf.stringToTerraform(this._rateLimitMaxWait),
      rate_limit_share: cdktf.numberToTerraform(this._rateLimitShare),
      request_timeout_ms: cdktf.numberToTerraform(this._requestTimeoutMs),
      token: cdktf.stringToTerraform(this._token),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      base_url: {
        value: cdktf.stringToHclTerraform(this._baseUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      in_doubt_max_wait: {
        value: cdktf.stringToHclTerraform(this._inDoubtMaxWait),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      max_retries: {
        value: cdktf.numberToHclTerraform(this._maxRetries),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      rate_limit_max_wait: {
        value: cdktf.stringToHclTerraform(this._rateLimitMaxWait),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      rate_limit_share: {
        value: cdktf.numberToHclTerraform(this._rateLimitShare),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      request_timeout_ms: {
        value: cdktf.numberToHclTerraform(this._requestTimeoutMs),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      token: {
        value: cdktf.stringToHclTerraform(this._token),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
