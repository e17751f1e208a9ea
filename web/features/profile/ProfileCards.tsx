import { Eye, EyeOff, AtSign, MapPin, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  CARD_INTERESTS_SHOWN,
  CARD_SKILLS_SHOWN,
  profileMessages,
  type Profile,
} from '../../../shared/profiles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { subPageUrl } from './profileRoute';
import { dateTimeText, joinDateText, moreText, shownChips } from './profileText';

function CardTitle({ to, children }: { to: string; children: ReactNode }) {
  return (
    <h2 className="text-base font-semibold">
      <Link to={to} className="hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        {children}
      </Link>
    </h2>
  );
}

function Chips({ all, count, label }: { all: readonly string[]; count: number; label: string }) {
  const { shown, more } = shownChips(all, count);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((chip) => (
        <li key={chip} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs">
          {chip}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full px-1 py-0.5 text-xs text-muted-foreground">{moreText(more)}</li>
      )}
    </ul>
  );
}

/** Skills, 5 then '+n more', and interests, 3 (000 §9); links to the skills page (002 §2 item 14). */
export function SkillsCard({ profile }: { profile: Profile }) {
  return (
    <Card className="grid gap-3 p-5" data-testid="profile-skills-card">
      <CardTitle to={subPageUrl('/profile/skills', profile.id, profile.isSelf)}>Skills</CardTitle>
      {profile.skills.length === 0 ? (
        <p className="text-sm text-muted-foreground">{profileMessages.noSkills}</p>
      ) : (
        <Chips all={profile.skills} count={CARD_SKILLS_SHOWN} label="Skills" />
      )}
      {profile.interests.length > 0 && (
        <>
          <h3 className="text-sm font-medium text-muted-foreground">Interests</h3>
          <Chips all={profile.interests} count={CARD_INTERESTS_SHOWN} label="Interests" />
        </>
      )}
    </Card>
  );
}

/**
 * The contact card (002 §2 item 15), shown only when the server says the viewer may see contact
 * details. The owner's own details start hidden behind a reveal toggle, so a shared screen does
 * not show them by accident.
 */
export function ContactCard({ profile }: { profile: Profile }) {
  const [revealed, setRevealed] = useState(!profile.isSelf);
  const rows = [
    { icon: AtSign, label: 'Email', value: profile.email },
    { icon: Phone, label: 'Phone', value: profile.phone },
    { icon: MapPin, label: 'Location', value: profile.location },
  ].filter((row) => row.value);
  return (
    <Card className="grid gap-3 p-5" data-testid="profile-contact-card">
      <div className="flex items-center justify-between gap-2">
        <CardTitle to={subPageUrl('/profile/contact', profile.id, profile.isSelf)}>
          Contact
        </CardTitle>
        {profile.isSelf && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {revealed ? 'Hide contact details' : 'Show contact details'}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No contact details shared.</p>
      ) : (
        <dl className="grid gap-2 text-sm">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-2">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
              <dt className="sr-only">{label}</dt>
              <dd>{revealed ? value : '••••••'}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

/** What only the owner sees: their internal id, when they joined and when they were last seen. */
export function OwnerDetailsCard({ profile }: { profile: Profile }) {
  return (
    <Card className="grid gap-3 p-5" data-testid="profile-owner-details">
      <h2 className="text-base font-semibold">Account</h2>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Internal id</dt>
          <dd className="font-mono text-xs break-all" data-testid="profile-internal-id">
            {profile.id}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Joined</dt>
          <dd>{joinDateText(profile.joinDate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last seen</dt>
          <dd>{dateTimeText(profile.lastSeen) ?? 'Online now'}</dd>
        </div>
      </dl>
    </Card>
  );
}
