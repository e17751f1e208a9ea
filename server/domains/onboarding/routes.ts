import {
  completeOnboardingSchema,
  onboardingMessages,
  onboardingProgressParamsSchema,
  onboardingProgressSchema,
  onboardingStepRequestSchema,
  startOnboardingSchema,
} from '../../../shared/onboarding';
import { contextOf } from '../../core/context';
import { forbidden } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { sessionOf } from '../../http/signed-in';
import { completeOnboarding, completeStep, skipStep, startOnboarding } from './commands';
import { readProgress } from './progress-read';

export function onboardingRoutes({ db, commands }: ModuleDeps) {
  return [
    defineRoute({
      method: 'post',
      path: '/onboarding/start',
      summary: "Starts the member's onboarding; starting again answers the current progress",
      description:
        'The account choice (an Owner Account only for an owner, with its owner setup) and the ' +
        'personalization choose the steps: the filters of 000 §4, at most 5 per session.',
      auth: 'member',
      body: startOnboardingSchema,
      responses: { 200: onboardingProgressSchema },
      errors: [404],
      async handler({ body }, req, res) {
        res.json(await commands.run(startOnboarding, body, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/onboarding/progress/:userId',
      summary: "A member's onboarding progress, or null before it starts",
      description: 'The member themself, or an owner.',
      auth: 'member',
      params: onboardingProgressParamsSchema,
      responses: { 200: onboardingProgressSchema.nullable() },
      async handler({ params }, req, res) {
        const session = sessionOf(req);
        if (session.userId !== params.userId && session.user.role !== 'owner') {
          throw forbidden('not-yours', onboardingMessages.notYoursToRead);
        }
        res.json(await readProgress(db, params.userId));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/onboarding/complete-step',
      summary: "Completes one step of the member's onboarding and moves to the next",
      auth: 'member',
      body: onboardingStepRequestSchema,
      responses: { 200: onboardingProgressSchema },
      errors: [404, 409],
      async handler({ body }, req, res) {
        res.json(await commands.run(completeStep, body, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/onboarding/skip-step',
      summary: 'Skips one optional step; a required step is refused',
      auth: 'member',
      body: onboardingStepRequestSchema,
      responses: { 200: onboardingProgressSchema },
      errors: [404, 409],
      async handler({ body }, req, res) {
        res.json(await commands.run(skipStep, body, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/onboarding/complete',
      summary: 'Finishes onboarding once every required step is done',
      auth: 'member',
      body: completeOnboardingSchema,
      responses: { 200: onboardingProgressSchema },
      errors: [404, 409],
      async handler({ body }, req, res) {
        res.json(await commands.run(completeOnboarding, body, contextOf(req)));
      },
    }),
  ];
}
