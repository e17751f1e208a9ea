import { Globe, AtSign, MapPin, Phone, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Profile } from '../../../shared/profiles';
import { MESSAGE_CONTENT_MAX } from '../../../shared/social';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf } from '../../lib/formErrors';
import { useSendMessageMutation, useStartConversationMutation } from '../messaging';
import { SubjectPage } from './SubjectPage';

/** `/profile/contact`: a member's contact details as privacy lets the viewer see them, and a message form. */
export function ProfileContactPage() {
  return (
    <SubjectPage loadingLabel="Loading contact information...">
      {(profile) => <Contact key={profile.id} profile={profile} />}
    </SubjectPage>
  );
}

function Contact({ profile }: { profile: Profile }) {
  const name = profile.displayName || profile.username;
  return (
    <>
      <PageHeader
        title="Contact Information"
        description={profile.isSelf ? 'How members can reach you.' : `How to reach ${name}.`}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <ContactDetails profile={profile} />
        {!profile.isSelf && <MessageForm profile={profile} />}
      </div>
    </>
  );
}

function ContactDetails({ profile }: { profile: Profile }) {
  const rows = [
    {
      icon: AtSign,
      label: 'Email',
      value: profile.email,
      href: profile.email && `mailto:${profile.email}`,
    },
    {
      icon: Phone,
      label: 'Phone',
      value: profile.phone,
      href: profile.phone && `tel:${profile.phone}`,
    },
    { icon: MapPin, label: 'Location', value: profile.location, href: null },
    {
      icon: Globe,
      label: 'Website',
      value: profile.website || null,
      href: profile.website || null,
    },
  ].filter((row) => profile.contactVisible && row.value);
  return (
    <Card className="grid content-start gap-4 p-6" data-testid="contact-details">
      <h2 className="text-base font-semibold">Details</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="contact-hidden">
          {profile.contactVisible
            ? 'No contact details shared.'
            : 'This member shares contact details only on a public profile.'}
        </p>
      ) : (
        <dl className="grid gap-3 text-sm">
          {rows.map(({ icon: Icon, label, value, href }) => (
            // Each group is a dt/dd pair directly in its div, as a definition list allows; the
            // icon sits in the term so assistive technology reads label then value.
            <div key={label} className="min-w-0">
              <dt className="flex items-center gap-3 text-xs text-muted-foreground">
                <Icon className="size-4" aria-hidden />
                {label}
              </dt>
              <dd className="break-words pl-7">
                {href ? (
                  <a
                    href={href}
                    className="hover:underline"
                    rel="noreferrer noopener"
                    target={label === 'Website' ? '_blank' : undefined}
                  >
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

/**
 * Sends a real message: the conversation with the member is opened (or found) first, then the
 * text goes into it. Refused up front when the member takes no messages from the viewer.
 */
function MessageForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [startConversation, started] = useStartConversationMutation();
  const [sendMessage, sent] = useSendMessageMutation();
  const sending = started.isLoading || sent.isLoading;
  const over = content.length - MESSAGE_CONTENT_MAX;
  const name = profile.displayName || profile.username;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !profile.canMessage) return;
    if (content.trim() === '') {
      setProblem('Write a message first.');
      return;
    }
    if (over > 0) return;
    setProblem(null);
    setSentTo(null);
    try {
      const conversation = await startConversation(profile.id).unwrap();
      await sendMessage({ conversationId: conversation.id, content }).unwrap();
      setContent('');
      setSentTo(conversation.id);
      toast.success(`Message sent to ${name}`);
    } catch (failure) {
      setProblem(
        apiErrorOf(failure)?.message ?? 'The message could not be sent. Please try again.',
      );
    }
  }

  return (
    <Card className="grid content-start gap-4 p-6" data-testid="contact-message">
      <h2 className="text-base font-semibold">Send a message</h2>
      {!profile.canMessage ? (
        <Alert data-testid="contact-message-refused">{profile.messageRefusal?.message}</Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3" noValidate>
          <Label htmlFor={`${id}-content`}>Message to {name}</Label>
          <textarea
            id={`${id}-content`}
            value={content}
            rows={5}
            aria-invalid={problem || over > 0 ? true : undefined}
            aria-describedby={`${id}-count`}
            onChange={(event) => {
              setContent(event.target.value);
              setProblem(null);
            }}
            className="rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-invalid:border-destructive"
          />
          <p
            id={`${id}-count`}
            className={over > 0 ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
          >
            {over > 0
              ? `${over} characters over the limit of ${MESSAGE_CONTENT_MAX}`
              : `${content.length}/${MESSAGE_CONTENT_MAX}`}
          </p>
          {problem && <Alert data-testid="contact-message-error">{problem}</Alert>}
          {sentTo && (
            <Alert tone="success" data-testid="contact-message-sent">
              Message sent.{' '}
              <Link
                to={`/messages?conversation=${encodeURIComponent(sentTo)}`}
                className="underline"
              >
                Open the conversation
              </Link>
            </Alert>
          )}
          <Button type="submit" className="justify-self-end" disabled={sending || over > 0}>
            {sending ? <Spinner /> : <Send aria-hidden />}
            Send Message
          </Button>
        </form>
      )}
    </Card>
  );
}
