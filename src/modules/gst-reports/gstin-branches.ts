// The organisation's registrations serve every GSTIN-taking route (returns, GSTR-2B): kept in platform/orgs.
export { branchesOfGstin } from '../../platform/orgs/gstin-branches';
