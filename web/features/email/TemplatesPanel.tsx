import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  unknownPlaceholders,
  type EmailTemplateView,
  type UpdateTemplateRequest,
} from '../../../shared/ops/email';
import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { errorDetail } from '../../lib/errorDetail';
import { useUpdateEmailTemplateMutation } from './emailApi';

const textareaClass =
  'min-h-32 w-full rounded-lg border border-input bg-card px-3 py-2 font-mono text-xs shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-invalid:border-destructive';

type Draft = UpdateTemplateRequest;

/** Client-side checks mirroring the server's: non-blank parts, only the template's variables. */
export function draftErrors(
  draft: Draft,
  variables: readonly string[],
): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const field of ['subject', 'htmlTemplate', 'textTemplate'] as const) {
    if (draft[field].trim() === '') {
      errors[field] = 'Required';
      continue;
    }
    const unknown = unknownPlaceholders(draft[field], variables);
    if (unknown.length > 0) {
      errors[field] = `Unknown placeholder ${unknown.map((n) => `{{${n}}}`).join(', ')}`;
    }
  }
  return errors;
}

function TemplateEditor({ template }: { template: EmailTemplateView }) {
  const [draft, setDraft] = useState<Draft>({
    subject: template.subject,
    htmlTemplate: template.htmlTemplate,
    textTemplate: template.textTemplate,
    isActive: template.isActive,
  });
  const [serverError, setServerError] = useState<string | undefined>();
  const [update, { isLoading }] = useUpdateEmailTemplateMutation();
  const errors = draftErrors(draft, template.variables);
  const invalid = Object.keys(errors).length > 0;
  const base = `template-${template.name.replace(/\W+/g, '-').toLowerCase()}`;
  const alwaysOn = template.category === 'auth';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    setServerError(undefined);
    const result = await update({ name: template.name, edit: draft });
    if ('error' in result)
      setServerError(errorDetail(result.error) ?? 'Failed to save the template');
    else toast.success(`Template "${template.name}" saved`);
  }

  const field = (name: 'subject' | 'htmlTemplate' | 'textTemplate', label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${base}-${name}`}>{label}</Label>
      {name === 'subject' ? (
        <Input
          id={`${base}-${name}`}
          value={draft[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${base}-${name}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        />
      ) : (
        <textarea
          id={`${base}-${name}`}
          className={textareaClass}
          value={draft[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${base}-${name}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        />
      )}
      {errors[name] && (
        <p id={`${base}-${name}-error`} className="text-xs text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={save} className="flex flex-col gap-4" aria-label={`Edit ${template.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold">{template.name}</h3>
          <p className="text-xs text-muted-foreground capitalize">{template.category}</p>
        </div>
        <div className="flex items-center gap-2">
          <SwitchPrimitive.Root
            id={`${base}-active`}
            checked={draft.isActive}
            disabled={alwaysOn}
            onCheckedChange={(isActive) => setDraft({ ...draft, isActive })}
            className="inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
          >
            <SwitchPrimitive.Thumb className="block size-4 translate-x-0.5 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-[1.125rem]" />
          </SwitchPrimitive.Root>
          <Label htmlFor={`${base}-active`}>Active</Label>
        </div>
      </div>
      {alwaysOn && (
        <p className="text-xs text-muted-foreground">
          Account emails (verification and password reset) are always sent.
        </p>
      )}
      <div>
        <p className="text-sm font-medium">Variables</p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Variables">
          {template.variables.map((name) => (
            <li key={name}>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{`{{${name}}}`}</code>
            </li>
          ))}
        </ul>
      </div>
      {field('subject', 'Subject')}
      {field('htmlTemplate', 'HTML')}
      {field('textTemplate', 'Text')}
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={invalid || isLoading}>
          {isLoading ? 'Saving…' : 'Save template'}
        </Button>
      </div>
    </form>
  );
}

export function TemplatesPanel({
  templates,
  isLoading,
}: {
  templates: EmailTemplateView[] | undefined;
  isLoading: boolean;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  if (isLoading) return <LoadingState label="Loading templates…" />;
  if (!templates || templates.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">No templates.</p>;
  }
  const current = templates.find((t) => t.name === selected) ?? templates[0]!;
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <ul className="flex flex-col gap-1" aria-label="Email templates">
        {templates.map((template) => (
          <li key={template.name}>
            <button
              type="button"
              aria-pressed={template.name === current.name}
              onClick={() => setSelected(template.name)}
              className={cn(
                'flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                template.name === current.name && 'bg-accent font-medium',
              )}
            >
              <span>{template.name}</span>
              <span className="text-xs text-muted-foreground">
                {template.isActive ? template.category : 'inactive'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="rounded-lg border p-4">
        {/* Keyed so switching templates starts a fresh draft. */}
        <TemplateEditor key={`${current.name}-${current.updatedAt}`} template={current} />
      </div>
    </div>
  );
}
