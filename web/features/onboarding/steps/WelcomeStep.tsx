import { MessageCircle, Sparkles, Users } from 'lucide-react';

const HIGHLIGHTS = [
  { Icon: Users, text: 'Find friends and follow the people you care about.' },
  { Icon: MessageCircle, text: 'Chat in real time with friends and groups.' },
  { Icon: Sparkles, text: 'Share posts, photos and videos with your community.' },
];

export function WelcomeStep() {
  return (
    <div className="grid gap-4">
      <p>We are glad you are here. A few short steps will get your account ready.</p>
      <ul className="grid gap-3">
        {HIGHLIGHTS.map(({ Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span className="text-sm">{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
