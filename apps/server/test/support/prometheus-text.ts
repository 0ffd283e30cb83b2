/** One sample of a scrape: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/g;

/**
 * Parses Prometheus' text exposition format (version 0.0.4) strictly: every line is a HELP, a TYPE
 * or a sample of a metric whose TYPE came first; anything else throws, as a scraper would refuse it.
 */
export function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a Prometheus line: ${line}`);
    const [, name, labelText = '', value] = match;
    const family = [...types.keys()].find(
      (base) => name === base || /^_(bucket|sum|count|total|created)$/.test(name!.slice(base.length)),
    );
    if (!family) throw new Error(`A sample without its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    let consumed = 0;
    for (const label of labelText.matchAll(LABEL)) {
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed += label[0].length;
    }
    if (consumed !== labelText.length) throw new Error(`Bad labels: ${line}`);
    const number = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value);
    // Prometheus reads values with Go's ParseFloat, which takes NaN in any case; prom-client writes
    // "Nan" (the event-loop lag's mean before its first sample).
    if (Number.isNaN(number) && value!.toLowerCase() !== 'nan') throw new Error(`Bad value: ${line}`);
    samples.push({ name: name!, labels, value: number });
  }
  return { types, samples };
}

/** The value of the one sample with this name and (at least) these labels; undefined when none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
