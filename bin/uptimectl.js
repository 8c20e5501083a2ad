#!/usr/bin/env node
import '../dist/cli/uptimectl.js';
