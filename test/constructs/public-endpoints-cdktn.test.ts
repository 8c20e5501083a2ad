// MonitorPublicEndpoints on CDK Terrain: the tests of public-endpoints.test.ts with `cdktf` resolved to `cdktn`
// (cdktn keeps CDKTF's aspect API, with its own registry of aspects: the aspect must come from the same library as
// the app, which the cdktn build of the package does by rewriting its imports).
jest.mock('cdktf', () => jest.requireActual('cdktn'));

import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';

test('these tests run on cdktn', () => {
  expect(cdktf.Aspects).toBe(cdktn.Aspects);
});

import './public-endpoints.test.js';
