import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHashtag, normalizeHashtag, parseHashtags, parseMentions, tokenizePostText } from './hashtags.js';

describe('parseHashtags', () => {
  it('finds tags, case-folded, once each, in order', () => {
    expect(parseHashtags('Sunset at the #Beach with #friends and more #beach')).toEqual(['beach', 'friends']);
    expect(parseHashtags('#Django,#python! (#Vue)')).toEqual(['django', 'python', 'vue']);
  });

  it('reads Unicode letters and digits', () => {
    expect(parseHashtags('#café #Ünïcode #東京 #москва #2026wrap #ñandú')).toEqual([
      'café',
      'ünïcode',
      '東京',
      'москва',
      '2026wrap',
      'ñandú',
    ]);
    // Composed and decomposed forms are the same tag.
    expect(parseHashtags('#cafe\u0301 #café')).toEqual(['café']);
    expect(parseHashtags('#हिन्दी')).toEqual(['हिन्दी']);
  });

  it('ignores a # alone, digits alone and tags glued to words', () => {
    expect(parseHashtags('# alone, #, ## and #123 and C# and a#b and &#39;')).toEqual([]);
    expect(parseHashtags('#_')).toEqual([]);
  });

  it('ignores # inside URLs but reads tags next to them', () => {
    expect(parseHashtags('see https://example.com/page#section and www.example.org/#top')).toEqual([]);
    expect(parseHashtags('http://example.com/#notatag #real')).toEqual(['real']);
    expect(parseHashtags('(https://x.test/a?b=1#frag) #after')).toEqual(['after']);
  });

  it('ignores overlong tags', () => {
    expect(parseHashtags(`#${'a'.repeat(65)}`)).toEqual([]);
    expect(parseHashtags(`#${'a'.repeat(64)}`)).toEqual(['a'.repeat(64)]);
  });

  it('handles empty input', () => {
    expect(parseHashtags(null)).toEqual([]);
    expect(parseHashtags('')).toEqual([]);
  });
});

describe('tokenizePostText', () => {
  it('splits text, tags and links, keeping trailing punctuation out of links', () => {
    expect(tokenizePostText('Hi #There, see www.example.com/x. ok')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'tag', text: '#There', tag: 'there' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'www.example.com/x', href: 'https://www.example.com/x' },
      { kind: 'text', text: '. ok' },
    ]);
  });

  it('gives the input back when the tokens are joined', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(
          tokenizePostText(text)
            .map((token) => token.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });

  it('never yields a tag that is not a valid hashtag', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        for (const tag of parseHashtags(text)) expect(isHashtag(tag)).toBe(true);
      }),
    );
  });
});

describe('normalizeHashtag', () => {
  it('drops one leading # and folds case', () => {
    expect(normalizeHashtag('#Django')).toBe('django');
    expect(normalizeHashtag('ÉTÉ')).toBe('été');
  });
});

describe('parseMentions (issue 27)', () => {
  it('finds @slugs, lower case, once each, in order', () => {
    expect(parseMentions('Hi @alice-martin and @Bruno-Costa, @alice-martin again!')).toEqual(['alice-martin', 'bruno-costa']);
    expect(parseMentions('(@chloe) @daniel-1a2b3c4d.')).toEqual(['chloe', 'daniel-1a2b3c4d']);
  });

  it('ignores email addresses, URLs, a lone @ and slugs glued to words', () => {
    expect(parseMentions('write to rosa@example.com or see https://x.test/@someone, @ alone, a@@b, @_x')).toEqual([]);
    expect(parseMentions('@trailing- and @-leading')).toEqual(['trailing']);
    expect(parseMentions(`@${'a'.repeat(121)}`)).toEqual([]);
    expect(parseMentions(null)).toEqual([]);
  });

  it('tokenizes mentions beside tags and links, giving the text back whole', () => {
    const text = 'Thanks @alice-martin for #bread at www.bakery.example!';
    const tokens = tokenizePostText(text);
    expect(tokens).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@alice-martin', slug: 'alice-martin' },
      { kind: 'text', text: ' for ' },
      { kind: 'tag', text: '#bread', tag: 'bread' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'www.bakery.example', href: 'https://www.bakery.example' },
      { kind: 'text', text: '!' },
    ]);
    expect(tokens.map((token) => token.text).join('')).toBe(text);
  });
});
