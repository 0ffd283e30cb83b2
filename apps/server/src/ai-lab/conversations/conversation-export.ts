import type { AiConversation } from '@portal/contracts';

/**
 * A conversation as Markdown: its title, then a heading per turn ("Question 1", its answer) with the
 * messages as written (answers are Markdown already); documents and pictures are named under the question.
 */
export function conversationMarkdown(conversation: AiConversation, exportedAt: Date): string {
  const lines = [`# ${conversation.title}`, '', `_Exported from Funny Chat on ${exportedAt.toISOString().slice(0, 10)}._`];
  let turn = 0;
  for (const message of conversation.messages) {
    if (message.role === 'user') {
      turn += 1;
      lines.push('', `## Question ${turn}`, '', message.content);
      for (const attachment of message.attachments)
        lines.push('', `> Attached: ${attachment.name} (${attachment.pages} page(s))`);
      if (message.pictures.length > 0) lines.push('', `> ${message.pictures.length} picture(s) attached`);
    } else {
      lines.push('', `### Answer${message.model ? ` (${message.model})` : ''}`, '', message.content);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A file name for the export: the title's words, safe in any file system. */
export function exportFileName(title: string, extension: 'md' | 'json'): string {
  const stem =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'conversation';
  return `${stem}.${extension}`;
}
