// The one "changed outside Terraform" rule (a 412 on a versioned write) for the three resources, and the warning of a
// destroy that leaves a taken-over sub-object, in the words each resource has always used and its docs quote.
import { changedOutsideTerraform, leftAsItIs } from '../../src/provider/resources/common.js';
import { monitorResource } from '../../src/provider/resources/monitor.js';

const ID = '3f2b8c1e-0000-4000-8000-000000000000';

test.each([
  ['monitor', 'Monitor changed outside Terraform', `monitor ${ID} was`],
  ['alert settings', 'Alert settings changed outside Terraform', `the alert settings of monitor ${ID} were`],
  ['status page', 'Status page changed outside Terraform', `the status page of monitor ${ID} was`],
] as const)('%s: one title and message', (what, summary, subject) => {
  const e = changedOutsideTerraform(what, ID);
  expect(e.summary).toBe(summary);
  expect(e.detail).toBe(`${subject} changed outside Terraform after this plan was made; run plan again.`);
});

test('the monitor docs quote the message the apply stops with', () => {
  const docs = JSON.stringify((monitorResource as { docs?: unknown }).docs);
  expect(docs).toContain(changedOutsideTerraform('monitor', '<id>').detail!);
});

test.each([
  [
    'alert settings',
    'restore the defaults',
    'Alert settings left as they are',
    `The alert settings of monitor ${ID} were taken over by another resource instance (for example the new instance of a create_before_destroy replacement) or changed after this instance last read them, so destroy did not restore the defaults.`,
  ],
  [
    'status page',
    'disable it',
    'Status page left as it is',
    `The status page of monitor ${ID} was taken over by another resource instance (for example the new instance of a create_before_destroy replacement) or changed after this instance last read it, so destroy did not disable it.`,
  ],
] as const)('%s: destroy leaves a taken-over object with one warning', (what, undone, summary, detail) => {
  expect(leftAsItIs(what, ID, undone)).toEqual({ summary, detail });
});
