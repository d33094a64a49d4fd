/**
 * A reader of zone-file lines holding SVCB records in RFC 9460 presentation
 * format, for the DNS records test. No package on the npm registry parses
 * SVCB (dns-packet 5.6, @dnsquery/dns-packet 6.1, dns2 3.1 and the zone-file
 * parsers know no SvcParams), so this follows the grammar itself:
 * RFC 1035 §5.1 fields (owner, TTL, class, type), RFC 9460 §2.1
 * (SvcPriority, TargetName, then `key=value` SvcParams whose values are
 * character-strings, quoted or not, with `\` escapes), §2.2 (no key twice),
 * §7.1 (`alpn` a comma-separated list, `,` escaped as `\,`), §7.2 (`port` a
 * 16-bit decimal), §14.3.1 (private-use keys are `key65280`–`key65534`).
 * Anything else is an error that names the line.
 */
export interface SvcbRecord {
  owner: string;
  ttl: number;
  class: string;
  type: 'SVCB' | 'HTTPS';
  priority: number;
  target: string;
  params: Map<string, string>;
}

const knownKeys = new Set(['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint', 'dohpath', 'ohttp']);

/** Splits a line into RFC 1035 fields: quoted strings keep their spaces; `\` escapes the next character. */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (char === '\\') {
      current += char + (line[index + 1] ?? '');
      index += 1;
      started = true;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
      started = true;
    } else if (!quoted && (char === ' ' || char === '\t')) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else if (!quoted && char === ';') {
      break; // a comment
    } else {
      current += char;
      started = true;
    }
  }
  if (quoted) throw new Error(`unterminated quote in: ${line}`);
  if (started) out.push(current);
  return out;
}

/** A character-string's value: quotes removed, `\X` and `\DDD` decoded. */
function characterString(raw: string): string {
  const body = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
  return body.replace(/\\(\d{3}|.)/g, (_, escaped: string) => (escaped.length === 3 ? String.fromCharCode(Number(escaped)) : escaped));
}

export function parseSvcbLine(line: string): SvcbRecord {
  const parts = fields(line);
  const [owner, ttl, klass, type, priority, target, ...params] = parts;
  const fail = (why: string): never => {
    throw new Error(`${why}: ${line}`);
  };
  if (!owner?.endsWith('.')) fail('owner name must be absolute');
  if (!/^\d+$/.test(ttl ?? '')) fail('TTL must be a decimal number');
  if (klass !== 'IN') fail('class must be IN');
  if (type !== 'SVCB' && type !== 'HTTPS') fail('type must be SVCB or HTTPS');
  if (!/^\d+$/.test(priority ?? '') || Number(priority) > 65535) fail('SvcPriority must be a 16-bit number');
  if (!target) fail('TargetName missing');
  const map = new Map<string, string>();
  for (const param of params) {
    const equals = param.indexOf('=');
    const key = equals < 0 ? param : param.slice(0, equals);
    if (!knownKeys.has(key) && !/^key\d{1,5}$/.test(key)) fail(`unknown SvcParamKey ${key}`);
    if (key.startsWith('key') && Number(key.slice(3)) > 65534) fail(`${key} is reserved`);
    if (map.has(key)) fail(`SvcParamKey ${key} given twice`);
    map.set(key, equals < 0 ? '' : characterString(param.slice(equals + 1)));
  }
  const port = map.get('port');
  if (port !== undefined && (!/^\d+$/.test(port) || Number(port) > 65535)) fail('port must be a 16-bit number');
  return {
    owner: owner!,
    ttl: Number(ttl),
    class: klass!,
    type: type as 'SVCB' | 'HTTPS',
    priority: Number(priority),
    target: target!,
    params: map,
  };
}

/** RFC 9460 §7.1.1: the alpn value, a comma-separated list (`\,` is a literal comma). */
export const alpnIds = (value: string) => value.split(/(?<!\\),/).map((id) => id.replace(/\\,/g, ','));
