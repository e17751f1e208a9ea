import { Check, X } from 'lucide-react';
import { checkPasswordRules } from '../../../shared/auth/password-rules';
import { cn } from '../../lib/cn';

export interface PasswordChecklistProps {
  id: string;
  password: string;
  username: string;
}

/** The live requirements checklist (001 §2, §5): the same rules the server enforces. */
export function PasswordChecklist({ id, password, username }: PasswordChecklistProps) {
  const results = checkPasswordRules(password, username);
  return (
    <ul id={id} aria-label="Password requirements" className="grid gap-1 text-[0.8rem]">
      {results.map((rule) => (
        <li
          key={rule.id}
          data-rule={rule.id}
          data-met={rule.met}
          className={cn(
            'flex items-center gap-2',
            rule.met ? 'text-success' : 'text-muted-foreground',
          )}
        >
          {rule.met ? (
            <Check className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <X className="size-3.5 shrink-0" aria-hidden />
          )}
          <span>
            {rule.label}
            <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
