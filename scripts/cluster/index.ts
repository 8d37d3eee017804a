// The cluster-mode building blocks of `npm run cluster`, shared with the cluster browser tests
// and benchmarks as '@docs-portal/scripts/cluster'.
export { writeClusterConfig, type ClusterStores } from './clusterConfig';
export {
  DEFAULT_ACCEL_PREFIX,
  NGINX_BINARY,
  REPO_ROOT,
  renderNginxConfig,
  startNginx,
  type NginxClusterOptions,
  type NginxProcess,
} from './nginx';
export { startClusterPortal, type ClusterPortal, type ClusterPortalOptions } from './portalProcess';
export {
  CLUSTER_POSTGRES_ADMIN_URL,
  CLUSTER_REDIS_URL,
  ensureDatabase,
  ensurePostgres,
  ensureRedis,
} from './services';
