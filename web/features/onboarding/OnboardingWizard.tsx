import { Check, Circle, CircleDashed, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  onboardingMessages,
  stepById,
  type OnboardingProgress,
  type StepId,
} from '../../../shared/onboarding';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import {
  useCompleteOnboardingMutation,
  useCompleteOnboardingStepMutation,
  useSkipOnboardingStepMutation,
} from './onboardingApi';
import { STEP_VIEWS } from './steps/stepViews';

const CATEGORY_LABELS = {
  profile: 'Profile',
  security: 'Security',
  social: 'Social',
  preferences: 'Preferences',
} as const;

type StepState = 'completed' | 'skipped' | 'pending';

function stateOf(progress: OnboardingProgress, id: StepId): StepState {
  if (progress.completedSteps.includes(id)) return 'completed';
  if (progress.skippedSteps.includes(id)) return 'skipped';
  return 'pending';
}

const STATE_ICONS = { completed: Check, skipped: SkipForward, pending: CircleDashed } as const;

function StepList({ progress, shown }: { progress: OnboardingProgress; shown: number }) {
  return (
    <ol className="grid gap-1" aria-label="Onboarding steps">
      {progress.steps.map((id, index) => {
        const step = stepById(id);
        const state = stateOf(progress, id);
        const Icon = index === shown && state === 'pending' ? Circle : STATE_ICONS[state];
        return (
          <li
            key={id}
            aria-current={index === shown ? 'step' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm',
              index === shown && 'bg-primary/5 font-medium',
            )}
          >
            <Icon
              className={cn(
                'size-4 shrink-0',
                state === 'completed' ? 'text-success' : 'text-muted-foreground',
              )}
              aria-hidden
            />
            <span className="min-w-0 flex-1 truncate">{step.title}</span>
            <span className="text-xs text-muted-foreground">{CATEGORY_LABELS[step.category]}</span>
            <span className="sr-only">
              {state === 'pending' ? (step.isRequired ? 'required' : 'optional') : state}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ProgressBar({ percentage }: { percentage: number }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-sm">
        <span id="onboarding-progress-label">Progress</span>
        <span>{percentage}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="onboarding-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percentage}%` }}
        />
      </div>
    </div>
  );
}

export interface OnboardingWizardProps {
  progress: OnboardingProgress;
  onFinished: () => void;
}

/**
 * The wizard of 000 §2: Back (disabled on the first step), Skip (optional steps only), Next, and
 * Complete on the last. The step shown follows the server's current step whenever the progress
 * changes (here or in another tab); Back and Next over steps already done move only the view.
 */
export function OnboardingWizard({ progress, onFinished }: OnboardingWizardProps) {
  const [view, setView] = useState({ version: progress.version, index: progress.currentStep - 1 });
  const [working, setWorking] = useState(false);
  const [stepBusy, setStepBusy] = useState(false);
  const [completeStep] = useCompleteOnboardingStepMutation();
  const [skipStep] = useSkipOnboardingStepMutation();
  const [completeOnboarding] = useCompleteOnboardingMutation();

  const last = progress.steps.length - 1;
  const index = Math.min(
    view.version === progress.version ? view.index : progress.currentStep - 1,
    last,
  );
  const stepId = progress.steps[index] ?? progress.steps[0]!;
  const step = stepById(stepId);
  const { Component, hasForm } = STEP_VIEWS[stepId];
  const busy = working || stepBusy;
  const isLast = index === last;
  const formId = `onboarding-step-${stepId}`;
  const userId = progress.userId;

  async function record(kind: 'complete' | 'skip') {
    setWorking(true);
    try {
      const send = kind === 'complete' ? completeStep : skipStep;
      let answer = await send({ userId, stepId }).unwrap();
      if (isLast && !answer.completedAt) answer = await completeOnboarding({ userId }).unwrap();
      if (answer.completedAt) return onFinished();
      // A step already done changes nothing on the server: only the view moves on.
      if (answer.version === progress.version) {
        setView({ version: answer.version, index: Math.min(index + 1, last) });
      }
    } catch {
      toast.error(
        kind === 'complete' ? onboardingMessages.completeStepFailed : onboardingMessages.skipFailed,
      );
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <aside className="grid content-start gap-4">
        <ProgressBar percentage={progress.completionPercentage} />
        <StepList progress={progress} shown={index} />
      </aside>
      <section aria-labelledby="onboarding-step-title" className="grid content-start gap-5">
        <header className="grid gap-1">
          <p className="text-xs text-muted-foreground">
            Step {index + 1} of {progress.totalSteps} · {CATEGORY_LABELS[step.category]}
            {step.isRequired ? ' · Required' : ''}
          </p>
          <h2 id="onboarding-step-title" className="text-xl font-semibold">
            {step.title}
          </h2>
          <p className="text-sm text-muted-foreground">{step.description}</p>
        </header>
        <Component
          key={stepId}
          userId={userId}
          formId={formId}
          onDone={() => record('complete')}
          setBusy={setStepBusy}
        />
        <footer className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
          <Button
            variant="outline"
            disabled={index === 0 || busy}
            onClick={() => setView({ version: progress.version, index: index - 1 })}
          >
            Back
          </Button>
          <div className="flex gap-2">
            {!step.isRequired && (
              <Button variant="ghost" disabled={busy} onClick={() => void record('skip')}>
                Skip
              </Button>
            )}
            {hasForm ? (
              <Button type="submit" form={formId} disabled={busy}>
                {isLast ? 'Complete' : 'Next'}
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => void record('complete')}>
                {isLast ? 'Complete' : 'Next'}
              </Button>
            )}
          </div>
        </footer>
      </section>
    </div>
  );
}
