'use strict';
// What the plugin bundle gets for `import('undici')` (scripts/build-provider.mjs): the Agent with the dispatcher
// API (request, stream, ...) and its connector, which is all src/client uses at run time. undici's index also loads
// fetch, WebSocket, cookies, caches, mocks and interceptors: about two thirds of its load time on each launch that
// calls the API.
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const Agent = require('undici/lib/dispatcher/agent');
const api = require('undici/lib/api');
const errors = require('undici/lib/core/errors');
const buildConnector = require('undici/lib/core/connect');

// As undici's index.js does.
Object.assign(Dispatcher.prototype, api);

module.exports = { Agent, Dispatcher, buildConnector, errors };
