import type { LogEntry } from '../../shared/ops/logs';
import { logExportFileName, matchesLogFilter } from '../../shared/ops/logs';
import {
  csvCell,
  csvHeader,
  csvRow,
  formatLogExport,
  txtLine,
} from '../../server/domains/logs/log-format';
import {
  boundedData,
  entryFromPinoLine,
  pinoLevelName,
} from '../../server/domains/logs/log-capture';

const entry: LogEntry = {
  id: '42',
  level: 'WARN',
  message: 'disk, "almost" full\nsecond line',
  data: { free: 3 },
  timestamp: '2026-11-23T12:00:00.000Z',
  source: 'server',
  userId: null,
  sessionId: null,
  requestId: 'req-1',
};

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function* entries(...list: LogEntry[]): AsyncGenerator<LogEntry> {
  for (const item of list) yield item;
}

describe('CSV cells', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2,3')).toBe(`"'-2,3"`);
    expect(csvCell('@me')).toBe("'@me");
  });

  it('writes a header and one CRLF-terminated row per entry', () => {
    expect(csvHeader()).toBe(
      'id,timestamp,level,source,message,data,userId,sessionId,requestId\r\n',
    );
    expect(csvRow(entry)).toBe(
      '42,2026-11-23T12:00:00.000Z,WARN,server,"disk, ""almost"" full\nsecond line","{""free"":3}",,,req-1\r\n',
    );
  });
});

describe('TXT lines', () => {
  it('keeps every entry on one line', () => {
    expect(txtLine(entry)).toBe(
      '2026-11-23T12:00:00.000Z WARN  [server] disk, "almost" full\\nsecond line {"free":3} request=req-1\n',
    );
    expect(
      txtLine({
        ...entry,
        data: null,
        requestId: null,
        userId: 'u',
        sessionId: 's',
        message: 'a\\n',
      }),
    ).toBe('2026-11-23T12:00:00.000Z WARN  [server] a\\\\n user=u session=s\n');
  });
});

describe('exports', () => {
  it('writes a JSON array that parses back to the entries, empty or not', async () => {
    expect(JSON.parse(await collect(formatLogExport('json', entries())))).toEqual([]);
    const two = [entry, { ...entry, id: '41' }];
    expect(JSON.parse(await collect(formatLogExport('json', entries(...two))))).toEqual(two);
  });

  it('writes CSV with its header even when empty, and TXT without one', async () => {
    expect(await collect(formatLogExport('csv', entries()))).toBe(csvHeader());
    expect(await collect(formatLogExport('txt', entries()))).toBe('');
    expect(await collect(formatLogExport('txt', entries(entry)))).toBe(txtLine(entry));
  });

  it('names the file with the UTC date and the format', () => {
    const at = new Date('2026-11-23T23:59:59.000Z');
    expect(logExportFileName('json', at)).toBe('agora-logs-2026-11-23.json');
    expect(logExportFileName('csv', at)).toBe('agora-logs-2026-11-23.csv');
    expect(logExportFileName('txt', at)).toBe('agora-logs-2026-11-23.txt');
  });
});

describe('live filter', () => {
  it('matches level, source and a case-insensitive substring like the server', () => {
    expect(matchesLogFilter(entry, {})).toBe(true);
    expect(matchesLogFilter(entry, { level: 'WARN', source: 'server', q: 'ALMOST' })).toBe(true);
    expect(matchesLogFilter(entry, { level: 'INFO' })).toBe(false);
    expect(matchesLogFilter(entry, { source: 'client' })).toBe(false);
    expect(matchesLogFilter(entry, { q: 'nope' })).toBe(false);
  });
});

describe('pino lines', () => {
  it('maps pino levels to the spec’s upper-case levels', () => {
    expect([10, 20, 30, 40, 50, 60].map(pinoLevelName)).toEqual([
      'DEBUG',
      'DEBUG',
      'INFO',
      'WARN',
      'ERROR',
      'FATAL',
    ]);
  });

  it('turns a line into columns and keeps the rest as data', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.parse('2026-11-23T12:00:00.000Z'),
      pid: 1,
      hostname: 'h',
      service: 'agora',
      requestId: 'r1',
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: 'not-a-uuid',
      err: { message: 'boom', stack: 'at x' },
    });
    expect(entryFromPinoLine(line)).toEqual({
      level: 'ERROR',
      message: 'boom',
      data: JSON.stringify({ err: { message: 'boom', stack: 'at x' } }),
      timestamp: new Date('2026-11-23T12:00:00.000Z'),
      source: 'server',
      user_id: '00000000-0000-4000-8000-000000000001',
      session_id: null,
      request_id: 'r1',
    });
    const completed = JSON.stringify({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/logs?q=a' },
      res: { statusCode: 200 },
      responseTime: 4,
    });
    expect(entryFromPinoLine(completed)?.message).toBe(
      'request completed: GET /api/logs?q=a 200 in 4 ms',
    );
    expect(entryFromPinoLine('nonsense')).toBeNull();
    expect(entryFromPinoLine('[1]')).toBeNull();
  });

  it('stores oversized data as a truncated preview', () => {
    expect(boundedData(undefined)).toBeNull();
    expect(boundedData({ a: 1 })).toBe('{"a":1}');
    const big = JSON.parse(boundedData({ blob: 'x'.repeat(20_000) })!) as Record<string, unknown>;
    expect(big.truncated).toBe(true);
    expect(String(big.preview).length).toBeLessThanOrEqual(4096);
  });
});
