import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  EMAIL_PRIORITIES,
  emailMessages,
  type EmailPriority,
  type EmailTemplateView,
} from '../../../shared/ops/email';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorDetail } from '../../lib/errorDetail';
import { useSendEmailMutation } from './emailApi';

const selectClass =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

/** Spec 002 §5: the send button stays disabled until recipient and template are filled. */
export function canSend(recipient: string, template: string): boolean {
  return recipient.trim() !== '' && template !== '';
}

export function TestEmailForm({
  templates,
  onFailed,
  onSent,
}: {
  templates: EmailTemplateView[];
  onFailed: (detail: string | undefined) => void;
  /** A success clears the failure banner of an earlier try. */
  onSent: () => void;
}) {
  const [recipient, setRecipient] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [data, setData] = useState<Record<string, string>>({});
  const [priority, setPriority] = useState<EmailPriority>('normal');
  const [send, { isLoading }] = useSendEmailMutation();
  const active = templates.filter((t) => t.isActive);
  const template = active.find((t) => t.name === templateName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!template || !canSend(recipient, templateName)) return;
    const values = Object.fromEntries(template.variables.map((name) => [name, data[name] ?? '']));
    const result = await send({
      recipient: recipient.trim(),
      template: template.name,
      data: values,
      priority,
    });
    if ('error' in result) {
      onFailed(errorDetail(result.error));
      return;
    }
    onSent();
    toast.success(emailMessages.queued);
  }

  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-4" aria-label="Send a test email">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="test-email-recipient">Recipient</Label>
        <Input
          id="test-email-recipient"
          type="email"
          autoComplete="off"
          placeholder="someone@example.com"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="test-email-template">Template</Label>
        <select
          id="test-email-template"
          className={selectClass}
          value={templateName}
          onChange={(e) => {
            setTemplateName(e.target.value);
            setData({});
          }}
        >
          <option value="">Choose a template</option>
          {active.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {template && template.variables.length > 0 && (
        <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">Variables</legend>
          {template.variables.map((name) => (
            <div key={name} className="flex flex-col gap-1.5">
              <Label htmlFor={`test-email-var-${name}`}>{name}</Label>
              <Input
                id={`test-email-var-${name}`}
                value={data[name] ?? ''}
                onChange={(e) => setData({ ...data, [name]: e.target.value })}
              />
            </div>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="test-email-priority">Priority</Label>
        <select
          id="test-email-priority"
          className={selectClass}
          value={priority}
          onChange={(e) => setPriority(e.target.value as EmailPriority)}
        >
          {EMAIL_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p[0]!.toUpperCase() + p.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" disabled={!canSend(recipient, templateName) || isLoading}>
          {isLoading ? 'Sending…' : 'Send Test Email'}
        </Button>
      </div>
    </form>
  );
}
