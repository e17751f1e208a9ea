import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  activeCallsSchema,
  callMessages,
  callSchema,
  joinedCallSchema,
  startCallSchema,
  type Call,
} from '../../../shared/calls';
import { text } from '../../../shared/api/text';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readOpenCallsOf } from './call-read';
import { answerCall, declineCall, hangUpCall, startCall } from './commands';

/** Any id is accepted here: one that is not a UUID names no call, a 404 like the rest. */
const callParams = z.object({ id: text({ max: 100 }).toLowerCase() });

/** A call that vanished between the write and its read back (it cannot) is still a clean 404. */
function present(call: Call | null): Call {
  if (!call) throw notFound(callMessages.callNotFound);
  return call;
}

/** Calls are private between two members, as their messages are: a token needs `messages`. */
export function callRoutes({ db, commands, config }: ModuleDeps) {
  const iceServers = config.ICE_SERVERS;
  return [
    defineRoute({
      method: 'get',
      path: '/calls',
      summary: "The member's calls still ringing or under way, with the ICE servers to use",
      auth: 'member',
      scope: 'messages',
      responses: { 200: activeCallsSchema },
      async handler(_input, req, res) {
        res.json({ calls: await readOpenCallsOf(db, memberIdOf(req)), iceServers });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls',
      summary: "Calls the conversation's other member, ringing every device of theirs",
      auth: 'member',
      scope: 'messages',
      body: startCallSchema,
      responses: { 201: joinedCallSchema },
      errors: [403, 404, 409],
      async handler({ body }, req, res) {
        const call = await commands.run(
          startCall,
          { userId: memberIdOf(req), callId: randomUUID(), ...body },
          contextOf(req),
        );
        res.status(201).json({ call: present(call), iceServers });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls/:id/answer',
      summary: 'Answers a ringing call on this device',
      auth: 'member',
      scope: 'messages',
      params: callParams,
      responses: { 200: joinedCallSchema },
      errors: [403, 404, 409],
      async handler({ params }, req, res) {
        const call = await commands.run(
          answerCall,
          { userId: memberIdOf(req), callId: params.id },
          contextOf(req),
        );
        res.json({ call: present(call), iceServers });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls/:id/decline',
      summary: 'Declines a ringing call',
      auth: 'member',
      scope: 'messages',
      params: callParams,
      responses: { 200: callSchema },
      errors: [403, 404, 409],
      async handler({ params }, req, res) {
        const call = await commands.run(
          declineCall,
          { userId: memberIdOf(req), callId: params.id },
          contextOf(req),
        );
        res.json(present(call));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls/:id/hang-up',
      summary: 'Ends the call: gives up a ringing one, or hangs up one under way',
      auth: 'member',
      scope: 'messages',
      params: callParams,
      responses: { 200: callSchema },
      errors: [404],
      async handler({ params }, req, res) {
        const call = await commands.run(
          hangUpCall,
          { userId: memberIdOf(req), callId: params.id, now: new Date() },
          contextOf(req),
        );
        res.json(present(call));
      },
    }),
  ];
}
