import type { ComponentType } from 'react';
import type { StepId } from '../../../../shared/onboarding';
import { AvatarUploadStep } from './AvatarUploadStep';
import { FirstPostStep } from './FirstPostStep';
import { PreferencesStep } from './PreferencesStep';
import { ProfileBasicsStep } from './ProfileBasicsStep';
import { SecuritySetupStep } from './SecuritySetupStep';
import { SocialConnectionsStep } from './SocialConnectionsStep';
import type { StepProps } from './stepProps';
import { WelcomeStep } from './WelcomeStep';

export interface StepView {
  Component: ComponentType<StepProps>;
  /** Whether Next submits the step's form (its work) rather than just recording the step. */
  hasForm: boolean;
}

/** The screen of each step of `ONBOARDING_STEPS` (its `component`). */
export const STEP_VIEWS: Record<StepId, StepView> = {
  welcome: { Component: WelcomeStep, hasForm: false },
  'profile-basics': { Component: ProfileBasicsStep, hasForm: true },
  'avatar-upload': { Component: AvatarUploadStep, hasForm: true },
  'security-setup': { Component: SecuritySetupStep, hasForm: false },
  'social-connections': { Component: SocialConnectionsStep, hasForm: false },
  preferences: { Component: PreferencesStep, hasForm: true },
  'first-post': { Component: FirstPostStep, hasForm: true },
};
