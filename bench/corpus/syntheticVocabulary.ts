/**
 * Domain vocabulary for synthetic doc sets. Lists are ordered roughly from most to least common,
 * because the generator samples them with a Zipf distribution: the first terms appear on most
 * pages, the last ones on few, as in real documentation. Terms are written ` | `-separated in
 * template strings to keep the lists compact.
 */

function terms(text: string): readonly string[] {
  return text
    .split(/\s*[|\n]\s*/)
    .map((term) => term.trim())
    .filter(Boolean);
}

/** Noun phrases of backup and data-management products (singular, lower case). */
export const NOUNS: readonly string[] = terms(`
cluster | backup | snapshot | protection job | policy | node | storage domain | source
recovery | restore | replication | retention | schedule | alert | user | role | virtual machine
database | volume | file | folder | archive | external target | bucket | network | interface
certificate | agent | host | task | run | object | view | share | quota | capacity | disk
license | report | dashboard | API key | token | session | tenant | organization
remote cluster | replica | index | chunk | stream | throughput | latency | bandwidth limit
maintenance window | blackout window | encryption key | key management server | audit log
notification rule | webhook | SMTP server | syslog server | SNMP trap | VLAN | virtual IP | bond
subnet | gateway | DNS server | NTP server | proxy | firewall rule | port | log file
support bundle | upgrade package | release | patch | pre-check | service | process
metadata store | file system | namespace | persistent volume | storage class | Helm chart | pod
container | Kubernetes cluster | k8s namespace | vCenter Server | ESXi host | datastore
Hyper-V host | failover cluster | SQL Server instance | availability group | transaction log
Oracle database | RMAN channel | archive log | pluggable database | NAS volume | NFS export
SMB share | access control list | file index | search index | deduplication ratio
compression ratio | erasure coding scheme | replication factor | fault domain | rack | chassis
power supply | fan | IPMI interface | boot disk | flash tier | cloud tier | storage class policy
lifecycle rule | object lock | legal hold | DataLock policy | WORM retention | anomaly
ransomware alert | entropy score | clean snapshot | isolated network | vault | vault window
clone | instant mount | mount point | iSCSI target | drive letter | guest credential
pre-script | post-script | hook | timeout | retry policy | concurrency limit | SLA
recovery point objective | recovery time objective | runbook | health check | heartbeat
rebuild | rebalance | garbage collection | expiry | extended retention | full backup
incremental backup | differential backup | log backup | changed block tracking | transport mode
proxy VM | tag | label selector | exclusion rule | inclusion rule | wildcard pattern
identity provider | SAML assertion | single sign-on | MFA device | password policy
service account | privilege | scope | custom role | group mapping | REST endpoint
pagination cookie | rate limit | response code | SDK | Terraform provider | CLI command
configuration template | drift report | compliance report | capacity forecast | runway
growth trend | chargeback report | cost center | egress charge | region | availability zone
S3 bucket | Azure container | GCS bucket | IAM role | access key | secret | KMIP endpoint | HSM
TLS certificate | cipher suite | login banner
`);

/** Verbs for titles and instructions (imperative form). */
export const VERBS: readonly string[] = terms(`
Configure | Create | Monitor | Manage | Restore | Protect | Delete | Edit | View | Enable
Disable | Register | Upgrade | Replicate | Archive | Troubleshoot | Verify | Schedule | Pause
Resume | Export | Import | Rotate | Revoke | Assign | Map | Mount | Unmount | Clone | Migrate
Expand | Shrink | Tune | Audit | Scan | Search | Tag | Throttle | Encrypt | Validate | Recover
Refresh | Add | Remove | Replace | Download | Upload | Limit | Isolate | Approve | Test
Estimate | Plan | Review
`);

/** Third-person verbs for sentences (`the cluster replicates the snapshot`). */
export const SENTENCE_VERBS: readonly string[] = terms(`
stores | uses | creates | protects | replicates | archives | restores | reads | writes | sends
receives | checks | updates | deletes | keeps | indexes | tracks | monitors | encrypts
compresses | deduplicates | mounts | exports | schedules | retries | skips | limits | reports
validates | rebuilds | rebalances | expires | references | requires | supports | excludes
includes | maps | tags | throttles
`);

/** Adjectives that qualify nouns in titles and text. */
export const ADJECTIVES: readonly string[] = terms(`
new | existing | remote | local | default | custom | encrypted | incremental | full | primary
secondary | active | paused | failed | expired | immutable | global | scheduled | manual
automatic | inline | post-process | cold | hot | isolated | large | small | critical | optional
read-only | read-write | multiple | single | external | internal | shared | dedicated | legacy
deprecated | supported
`);

/** Title endings that make generated titles distinct (`... for Oracle Databases`). */
export const QUALIFIERS: readonly string[] = terms(`
for VMware vSphere | for Hyper-V | for SQL Server | for Oracle Databases | for NAS Volumes
for Kubernetes | for k8s Namespaces | for Physical Servers | in Helios | from the CLI
with the REST API | across Clusters | on Remote Clusters | in Cloud Archives | with Amazon S3
with Azure Blob Storage | with Google Cloud Storage | for Microsoft 365 | in Dark Sites
During Upgrades | After a Node Failure | at Scale | for Compliance | for Ransomware Recovery
with DataLock | with an External KMS | over VLANs | behind a Proxy | for Multiple Tenants
in Storage Domains | with Erasure Coding | with Bandwidth Throttling | with SAML SSO
with Active Directory | for Audit Reports | in Maintenance Mode | for Instant Recovery
with Cloud Tiering | for Branch Offices | for Disaster Recovery
`);

/** Heading stems for sections of a generated topic (combined with a noun). */
export const HEADING_STEMS: readonly string[] = terms(`
About | Before You Begin | Prerequisites for | Configure | Settings of | Limits of | Monitor
Troubleshoot | Examples of | Best Practices for | How the Cluster Handles | Permissions for
Options for | Known Limitations of | Next Steps with
`);

/** Short command names for generated CLI examples (`acli <command> <action>`). */
export const CLI_COMMANDS: readonly string[] = terms(`
protection-job | policy | storage-domain | remote-cluster | replication | recover | alert | node
disk | cluster | source | external-target | api-key | user | role | audit | kms | network
upgrade | support
`);

/** Actions for generated CLI examples. */
export const CLI_ACTIONS: readonly string[] = terms(`
list | show | create | update | delete | run | pause | resume | stats | test
`);
