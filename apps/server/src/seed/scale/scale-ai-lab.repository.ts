import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { AI_ANSWERS, AI_QUESTIONS } from './scale-content.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { pick, run } from './scale-sql.js';

/**
 * Issue 29's tables at size: AI lab conversations of `aiMessages` messages each (a question, an
 * answer, …), every message's `parent_seq` the one before it and the conversation's `current_seq`
 * its last; person 1 has `hubAiConversations` of them, each with a second answer to its last
 * question (a branch that is not the one shown). The others belong to people drawn from a long tail.
 */
export async function generateAiLab(db: Executor, sizes: ScaleSizes): Promise<void> {
  const perMessage = FIXTURES.aiMessages;
  await run(db, [
    sql`create temp table scale_ai_conversations on commit drop as
      select gen_random_uuid() as id, p.account_id, p.n = 1 as hub,
             date_trunc('milliseconds', now() - interval '1 hour' - power(random(), 1.5) * interval '300 days') as started
      from (select case when k <= ${FIXTURES.hubAiConversations} then 1
                        else 2 + floor(${sizes.people - 1} * power(random(), 2))::int end as n
            from generate_series(1, ${FIXTURES.hubAiConversations + sizes.aiConversations}) k) d
      join scale_people p on p.n = d.n`,
    sql`create temp table scale_ai_messages on commit drop as
      select c.id as conversation_id, c.account_id, c.started, k,
             case when k % 2 = 1 then 'user' else 'assistant' end as role,
             case when k % 2 = 1 then ${pick(AI_QUESTIONS)} else ${pick(AI_ANSWERS)} end as content,
             row_number() over (order by c.started, c.id, k) as r
      from scale_ai_conversations c, generate_series(1, ${perMessage}) k`,
    // Sequence numbers follow time: the table's identity moves past them afterwards.
    sql`create temp table scale_ai_base on commit drop as select coalesce(max(seq), 0) as base from ai_lab_messages`,
    sql`insert into ai_lab_conversations (id, account_id, title, created_at, updated_at)
      select c.id, c.account_id, left(m.content, 60), c.started, c.started + ${perMessage} * interval '30 seconds'
      from scale_ai_conversations c join scale_ai_messages m on m.conversation_id = c.id and m.k = 1`,
    sql`insert into ai_lab_messages (seq, conversation_id, account_id, role, content, parent_seq, created_at)
      overriding system value
      select b.base + m.r, m.conversation_id, m.account_id, m.role, m.content,
             case when m.k > 1 then b.base + m.r - 1 end, m.started + m.k * interval '30 seconds'
      from scale_ai_messages m, scale_ai_base b
      order by m.r`,
    // Person 1's second answers, after everything else.
    sql`insert into ai_lab_messages (seq, conversation_id, account_id, role, content, parent_seq, created_at)
      overriding system value
      select b.base + n.total + row_number() over (order by m.r), m.conversation_id, m.account_id, 'assistant', ${pick(AI_ANSWERS)},
             b.base + m.r - 1, m.started + (m.k + 1) * interval '30 seconds'
      from scale_ai_messages m join scale_ai_conversations c on c.id = m.conversation_id and c.hub,
           scale_ai_base b, (select count(*) as total from scale_ai_messages) n
      where m.k = ${perMessage}`,
    sql`update ai_lab_conversations a set current_seq = b.base + m.r
      from scale_ai_messages m, scale_ai_base b
      where m.conversation_id = a.id and m.k = ${perMessage}`,
    sql`select setval(pg_get_serial_sequence('ai_lab_messages', 'seq'), (select max(seq) from ai_lab_messages))`,
  ]);
}
