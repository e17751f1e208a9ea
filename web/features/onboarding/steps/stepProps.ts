/** What the wizard gives the screen of a step. */
export interface StepProps {
  userId: string;
  /** Steps that do their work in a form give it this id: the wizard's Next submits it. */
  formId: string;
  /** The step's work is done: the wizard records the step and moves on. */
  onDone: () => Promise<void>;
  /** While the step's own request runs, the wizard's buttons wait. */
  setBusy: (busy: boolean) => void;
}
