// The provider's list resources (`list` blocks of `terraform query`, Terraform 1.14+).
import { monitorList } from './monitors.js';
import { statusPageList } from './status-pages.js';

export const listResources = [monitorList, statusPageList];
