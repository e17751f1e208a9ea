import {
  SignalAssembler,
  signalParts,
  type SignalNotice,
} from '../../server/domains/calls/call-signal-channel';

const notice = (sdp: string): SignalNotice => ({
  callId: '20000000-0000-4000-8000-000000000001',
  fromUserId: '10000000-0000-4000-8000-000000000001',
  toUserId: '10000000-0000-4000-8000-000000000002',
  signal: { type: 'offer', sdp },
});

/** An SDP of about the size Chromium offers for audio and video, lines ending in CRLF. */
const bigSdp = Array.from({ length: 160 }, (_, i) => `a=rtpmap:${i} "opus"/48000/2`).join('\r\n');

describe('call signals across processes', () => {
  it('sends a small signal in one NOTIFY payload and reads it back', () => {
    const parts = signalParts(notice('v=0'));
    expect(parts).toHaveLength(1);
    expect(new SignalAssembler().accept(parts[0]!)).toEqual(notice('v=0'));
  });

  it('splits a large offer into payloads under the NOTIFY limit, joined in any order', () => {
    const parts = signalParts(notice(bigSdp), 'k');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(8000);
    const assembler = new SignalAssembler();
    const reversed = [...parts].reverse();
    const answers = reversed.map((part) => assembler.accept(part));
    expect(answers.slice(0, -1).every((answer) => answer === null)).toBe(true);
    expect(answers.at(-1)).toEqual(notice(bigSdp));
  });

  it('drops malformed payloads, repeated parts and parts whose siblings never come', () => {
    const assembler = new SignalAssembler();
    expect(assembler.accept('not json')).toBeNull();
    expect(
      assembler.accept(JSON.stringify({ key: 'x', index: 0, count: 1, text: '{}' })),
    ).toBeNull();
    const [first, second] = signalParts(notice(bigSdp), 'late');
    expect(assembler.accept(first!, 0)).toBeNull();
    expect(assembler.accept(first!, 1)).toBeNull();
    // Ten seconds on, the first part is forgotten: the second alone completes nothing.
    expect(assembler.accept(second!, 20_000)).toBeNull();
  });
});
