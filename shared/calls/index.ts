import { z } from 'zod';
import { idField } from '../api/ids';

export * from './text';

export const callKindSchema = z.enum(['audio', 'video']);
export type CallKind = z.infer<typeof callKindSchema>;

export const callStateSchema = z.enum(['ringing', 'accepted', 'ended']);
export type CallState = z.infer<typeof callStateSchema>;

/** How a call ended: never answered, refused by the callee, or hung up once it was answered. */
export const callEndReasonSchema = z.enum(['missed', 'declined', 'completed']);
export type CallEndReason = z.infer<typeof callEndReasonSchema>;

export const callPartySchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});

/** A call as either party sees it; `version` rises with every change of its state. */
export const callSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  kind: callKindSchema,
  state: callStateSchema,
  endReason: callEndReasonSchema.nullable(),
  caller: callPartySchema,
  callee: callPartySchema,
  startedAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  durationSeconds: z.number().int().nonnegative().nullable(),
  version: z.number().int().positive(),
});
export type Call = z.infer<typeof callSchema>;

/** A STUN or TURN server as `RTCPeerConnection` takes it. */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const startCallSchema = z.strictObject({
  conversationId: idField(),
  kind: callKindSchema,
});

/** A started or answered call, with the ICE servers the peer connection is to use. */
export const joinedCallSchema = z.object({
  call: callSchema,
  iceServers: z.array(iceServerSchema),
});
export type JoinedCall = z.infer<typeof joinedCallSchema>;

/** The calls still ringing or under way that the member is a party to. */
export const activeCallsSchema = z.object({
  calls: z.array(callSchema),
  iceServers: z.array(iceServerSchema),
});

const SDP_MAX = 50_000;

/** What the peers exchange through the server to connect; relayed, never stored. */
export const signalSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('offer'), sdp: z.string().min(1).max(SDP_MAX) }),
  z.strictObject({ type: z.literal('answer'), sdp: z.string().min(1).max(SDP_MAX) }),
  z.strictObject({
    type: z.literal('candidate'),
    candidate: z.strictObject({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
]);
export type Signal = z.infer<typeof signalSchema>;

/** Client to server: a signal for the other party of a call. */
export const callSignalSchema = z.strictObject({ callId: idField(), signal: signalSchema });
export type CallSignal = z.infer<typeof callSignalSchema>;

/** Server to client: the other party's signal. */
export const callSignalPayloadSchema = z.object({
  callId: z.uuid(),
  fromUserId: z.uuid(),
  signal: signalSchema,
});
export type CallSignalPayload = z.infer<typeof callSignalPayloadSchema>;

/** Client to server: this socket holds the call; its disconnect hangs the call up. */
export const callJoinSchema = z.strictObject({ callId: idField() });

export const callUpdatedPayloadSchema = z.object({ call: callSchema });

/** A call as it stays in the thread, once it is over. */
export const callEntrySchema = z.object({
  callId: z.uuid(),
  kind: callKindSchema,
  outcome: callEndReasonSchema,
  durationSeconds: z.number().int().nonnegative(),
});
export type CallEntry = z.infer<typeof callEntrySchema>;
