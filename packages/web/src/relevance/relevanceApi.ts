import {
  MAX_REPLAY_QUERIES,
  ReplayReportSchema,
  RulesAnswerSchema,
  type ReplayReport,
  type SearchRule,
} from '@docs-portal/contracts';
import type { ApiClient } from '../http/apiClient';

/** The workbench's calls (writes carry the XSRF header through the app's client). */
export function relevanceApi(api: ApiClient, basePath: string) {
  const post = async (path: string, body: unknown) =>
    (
      await api.request(`${basePath}/relevance/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json() as Promise<unknown>;
  return {
    rules: () => api.getJson('/relevance/rules', (data) => RulesAnswerSchema.parse(data)),
    replay: async (rules: SearchRule[], queries: number): Promise<ReplayReport> =>
      ReplayReportSchema.parse(
        await post('replay', { rules, queries: Math.min(queries, MAX_REPLAY_QUERIES) }),
      ),
    publish: async (rules: SearchRule[], basedOn: number) =>
      RulesAnswerSchema.parse(await post('publish', { rules, basedOn })),
    rollback: async (version: number, basedOn: number) =>
      RulesAnswerSchema.parse(await post('rollback', { version, basedOn })),
  };
}
