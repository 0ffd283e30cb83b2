import { describe, expect, it } from 'vitest';
import { conversationMarkdown, exportFileName } from './conversation-export.js';

const message = { version: 1, versions: 1, attachments: [], pictures: [], model: null };

describe('exporting a conversation', () => {
  it('writes Markdown with a heading per question and answer', () => {
    const markdown = conversationMarkdown(
      {
        id: 'c',
        title: 'Dragons',
        model: null,
        system_prompt: null,
        share_url: null,
        messages: [
          {
            ...message,
            id: '1',
            role: 'user',
            content: 'Do dragons sleep?',
            attachments: [{ id: 'a', name: 'care.pdf', pages: 2, characters: 9 }],
          },
          { ...message, id: '2', role: 'assistant', content: 'On **gold**.', model: 'gpt-4o-mini' },
          { ...message, id: '3', role: 'user', content: 'Where?' },
          { ...message, id: '4', role: 'assistant', content: 'In caves.', model: 'local' },
        ],
      },
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(markdown).toBe(
      [
        '# Dragons',
        '',
        '_Exported from Funny Chat on 2026-03-01._',
        '',
        '## Question 1',
        '',
        'Do dragons sleep?',
        '',
        '> Attached: care.pdf (2 page(s))',
        '',
        '### Answer (gpt-4o-mini)',
        '',
        'On **gold**.',
        '',
        '## Question 2',
        '',
        'Where?',
        '',
        '### Answer (local)',
        '',
        'In caves.',
        '',
      ].join('\n'),
    );
  });

  it('names the file after the title', () => {
    expect(exportFileName('Crème brûlée: how?', 'md')).toBe('creme-brulee-how.md');
    expect(exportFileName('???', 'json')).toBe('conversation.json');
  });
});
