/**
 * Questions the joke engine answers for real before joking: arithmetic, the time, stock symbols,
 * and what it measured in attached pictures.
 */

const OPERATORS: Record<string, { symbol: string; apply: (a: number, b: number) => number }> = {
  '+': { symbol: '+', apply: (a, b) => a + b },
  plus: { symbol: '+', apply: (a, b) => a + b },
  '-': { symbol: '−', apply: (a, b) => a - b },
  minus: { symbol: '−', apply: (a, b) => a - b },
  '*': { symbol: '×', apply: (a, b) => a * b },
  x: { symbol: '×', apply: (a, b) => a * b },
  '×': { symbol: '×', apply: (a, b) => a * b },
  times: { symbol: '×', apply: (a, b) => a * b },
  'multiplied by': { symbol: '×', apply: (a, b) => a * b },
  '/': { symbol: '÷', apply: (a, b) => a / b },
  '÷': { symbol: '÷', apply: (a, b) => a / b },
  'divided by': { symbol: '÷', apply: (a, b) => a / b },
};

const ARITHMETIC = /(-?\d+(?:\.\d+)?)\s*(\+|-|\*|x|×|\/|÷|plus|minus|times|multiplied by|divided by)\s*(-?\d+(?:\.\d+)?)/i;

const formatNumber = (value: number) => String(Number(value.toFixed(6)));

/** Replies for a question holding a sum such as "what is 12 * 7"; none when it has none. */
export function arithmeticReplies(question: string): string[] | undefined {
  const match = ARITHMETIC.exec(question);
  if (!match) return undefined;
  const [, left, word, right] = match;
  const operator = OPERATORS[word!.toLowerCase()]!;
  const a = Number(left);
  const b = Number(right);
  const sum = `${formatNumber(a)} ${operator.symbol} ${formatNumber(b)}`;
  if (operator.symbol === '÷' && b === 0) {
    return [
      'Dividing by zero? The last chatbot who tried that is now a toaster.',
      `${formatNumber(a)} divided by zero is "please don't". My calculator just filed a complaint.`,
      'Nice try! Division by zero is how black holes start, and I just cleaned this server.',
    ];
  }
  const result = formatNumber(operator.apply(a, b));
  return [
    `${sum} = ${result}. I double-checked on my fingers, all zero of them.`,
    `That's ${result}. Math is the one subject where I don't have to make anything up.`,
    `${result}! Carry the one, add a joke, and there you have it: ${sum} = ${result}.`,
    `The answer is ${result}, which also happens to be my lucky number today.`,
  ];
}

const TIME_QUESTION =
  /\b(what time|what'?s the time|what is the time|what day|what'?s the date|what is the date|today'?s date|what date|time is it)\b/i;

/** Replies for "what time is it" and friends, from the server's clock. */
export function timeReplies(question: string, now: Date): string[] | undefined {
  if (!TIME_QUESTION.test(question)) return undefined;
  const time = now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const day = now.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return [
    `It's ${time} on the server's clock, which is the only clock that has never been late for work.`,
    `According to my clock it's ${time}. According to my stomach, it's snack time.`,
    `Today is ${day} and the time is ${time}. Time flies when you're telling jokes.`,
    `It's ${time} on ${day}. If you're asking because you're late, blame the traffic; it always works.`,
  ];
}

const NOT_TICKERS = new Set([
  'I',
  'AI',
  'OK',
  'TV',
  'USA',
  'UK',
  'EU',
  'CEO',
  'API',
  'FAQ',
  'PC',
  'DNA',
  'GPT',
  'LOL',
  'CPU',
  'SQL',
]);

/** Replies for a stock question naming a symbol such as AAPL (the reference lab looked quotes up). */
export function stockReplies(question: string): string[] | undefined {
  if (!/\b(stock|stocks|share|shares|price|quote|ticker|trading)\b/i.test(question)) return undefined;
  const symbol = (question.match(/\b[A-Z]{2,5}\b/g) ?? []).find((word) => !NOT_TICKERS.has(word));
  if (!symbol) return undefined;
  return [
    `I'd look up ${symbol} for you, but the local engine has no market feed. Based on vibes alone: ${symbol} is up, down or sideways, and I'm 100% sure it's one of those.`,
    `${symbol}? My crystal ball is offline, so here's my analysis: buy low, sell high, and don't ask a joke engine.`,
    `The latest price of ${symbol} is "ask a real model". Connect one to this lab and it can check; I just tell jokes about it.`,
  ];
}
