import pg from 'pg';
import { TRIGRAM_THRESHOLDS } from '../../src/core/expensive-reads.js';

/** One statement the app ran: its SQL and parameters, as Drizzle sent them. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Records the statements an app runs (give `record` to `createTestApp`'s `onQuery`): `during`
 * answers those of one piece of work, so a test counts or explains what an endpoint really runs
 * instead of typing its SQL again.
 */
export function statementRecorder() {
  let current: Statement[] | undefined;
  return {
    record: (sql: string, params: unknown[]) => current?.push({ sql, params }),
    async during(work: () => Promise<unknown>): Promise<Statement[]> {
      current = [];
      try {
        await work();
        return current;
      } finally {
        current = undefined;
      }
    },
  };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** The rows PostgreSQL expected the node to give. */
  'Plan Rows': number;
  /** The rows it gave, per loop (`analyze` only). */
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * The plans PostgreSQL makes for the statements, with the parameters they ran with and the
 * settings of an expensive read (the trigram thresholds), each on a fresh connection's transaction.
 * Only reads (`select`, `with`, after a leading comment such as `PLAN_FOR_PARAMETERS`) are
 * explained; `analyze` runs them too (rolled back), for the rows each node really gave.
 */
export async function explain(
  databaseUrl: string,
  statements: Statement[],
  { analyze = false } = {},
): Promise<{ statement: Statement; plan: PlanNode }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans = [];
    for (const statement of statements.filter((s) => /^\s*(\/\*.*?\*\/\s*)?(select|with)\b/is.test(s.sql))) {
      await client.query('begin');
      await client.query(
        `set local pg_trgm.similarity_threshold = ${TRIGRAM_THRESHOLDS.similarity};
         set local pg_trgm.word_similarity_threshold = ${TRIGRAM_THRESHOLDS.wordSimilarity};
         set local pg_trgm.strict_word_similarity_threshold = ${TRIGRAM_THRESHOLDS.strictWordSimilarity}`,
      );
      const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (${analyze ? 'analyze, ' : ''}format json) ${statement.sql}`,
        statement.params.map((param) => (param instanceof Date ? param.toISOString() : param)),
      );
      await client.query('rollback');
      plans.push({ statement, plan: result.rows[0]!['QUERY PLAN'][0]!.Plan });
    }
    return plans;
  } finally {
    await client.end();
  }
}
