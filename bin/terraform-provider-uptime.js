#!/usr/bin/env node
// Terraform launches this (or the mirror's wrapper that execs node on the bundle). The bundle is CommonJS and
// self-contained; see scripts/build-provider.mjs.
import '../dist/terraform-provider-uptime.cjs';
