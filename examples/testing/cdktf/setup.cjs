// Adds CDKTF's matchers (toHaveResourceWithProperties, toBeValidTerraform, toPlanSuccessfully, …) to jest.
require('cdktf').Testing.setupJest();
